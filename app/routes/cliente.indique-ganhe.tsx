import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { eventos } from '~/locales/pt-BR/eventos';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { linkDeIndicacao, painelDeIndicacao } from '~/modules/indicacao/indicacao.server';
import { formatarData, formatarMoeda } from '~/utils/format';
import * as s from './cliente.indique-ganhe.css';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Indique e ganhe');

/**
 * /cliente/indique-ganhe: the client's referral link and code (on the brand's own address), the
 * friends who signed up through it with their state, and the credit earned (decision 188).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const p = await painelDeIndicacao({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  return {
    ...p,
    link: linkDeIndicacao(context.urlBase, p.codigo),
    amigos: p.amigos.map((a) => ({ ...a, desde: a.desde.toISOString() })),
  };
}

const SITUACOES = {
  cadastrado: 'situacao_cadastrado',
  habilitado: 'situacao_habilitado',
  'primeira-compra': 'situacao_primeira_compra',
} as const;

export default function IndiqueGanhe() {
  const { codigo, link, recompensa, amigos, creditoTotal } = useLoaderData<typeof loader>();
  const t = useWording(eventos);
  return (
    <section className={container} style={{ paddingBlock: 24 }}>
      <h1>{t('indicacao.titulo')}</h1>
      <p>{recompensa > 0 ? t('indicacao.explicacao', { valor: formatarMoeda(recompensa) }) : t('indicacao.sem_programa')}</p>
      <div className={s.cartao}>
        <div>
          <div className={s.suave}>{t('indicacao.seu_codigo')}</div>
          <div className={s.codigo} data-testid="codigo-indicacao">
            {codigo}
          </div>
        </div>
        <label>
          <span className={s.suave}>{t('indicacao.seu_link')}</span>
          <input className={s.link} readOnly value={link} data-testid="link-indicacao" aria-label={t('indicacao.seu_link')} />
        </label>
        <p className={s.suave}>{t('indicacao.regras')}</p>
      </div>
      <div className={s.cartao}>
        <div className={s.suave}>{t('indicacao.credito')}</div>
        <div className={s.credito} data-testid="credito-indicacao">
          {formatarMoeda(creditoTotal)}
        </div>
      </div>
      <h2>
        {t('indicacao.amigos')} ({amigos.length})
      </h2>
      {amigos.length === 0 ? (
        <p>{t('indicacao.nenhum')}</p>
      ) : (
        <ul className={s.lista} data-testid="amigos-indicados">
          {amigos.map((a, i) => (
            <li key={`${a.nome}-${i}`} className={s.amigo} data-testid="amigo-indicado">
              <div>
                <strong>{a.nome}</strong>
                <div className={s.suave}>
                  {t('indicacao.desde', { data: formatarData(a.desde) })}
                  {a.recompensa != null
                    ? ` · +${formatarMoeda(a.recompensa)}`
                    : a.situacao !== 'primeira-compra'
                      ? ` · ${t('indicacao.aguardando')}`
                      : ''}
                </div>
              </div>
              <span className={s.selo}>{t(`indicacao.${SITUACOES[a.situacao]}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
