import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/notificacoes/notificacoes.css';
import { notificacoes } from '~/locales/pt-BR/notificacoes';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { listarBuscas } from '~/modules/notificacoes/buscas-salvas.server';
import { caminhoCurtoDoLote } from '~/modules/notificacoes/despacho.server';
import { listarNotificacoes, marcarTodasLidas } from '~/modules/notificacoes/fila.server';
import { lerPreferencias, salvarPreferencias } from '~/modules/notificacoes/preferencias.server';
import { configuracoesDasMarcas, modeloNaRedacao } from '~/modules/notificacoes/modelos.server';
import { textoDaNotificacao } from '~/modules/notificacoes/texto';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /cliente/notificacoes: the bell's page. The client's latest notices (opening it marks them read), the
 * choice of channels per event, quiet hours, and Web Push on this device.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Notificações');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: u.id };
  const [lista, preferencias, buscas, modelos] = await Promise.all([
    listarNotificacoes(base),
    lerPreferencias(base),
    listarBuscas(base),
    configuracoesDasMarcas({ db: context.db, hotsiteIds: [context.marca.id] }),
  ]);
  return {
    itens: lista.map((n) => ({
      uid: n.uid,
      ...textoDaNotificacao(
        context.marca.tipo,
        { evento: n.evento, dados: n.dados, loteNome: n.loteNome },
        modeloNaRedacao(modelos.get(`${context.marca.id}:${n.evento}`), context.marca.tipo),
      ),
      lida: n.lidaEm != null,
      quando: n.createdAt.toISOString(),
      lote: n.loteId != null && n.loteNome != null ? caminhoCurtoDoLote(context.marca.tipo, n.loteId) : null,
    })),
    preferencias,
    buscas: buscas.map((b) => ({ uid: b.uid, frequencia: b.frequencia, resumo: resumoDosFiltros(b.filtros) })),
  };
}

const FREQUENCIA = { instantanea: 'na hora', diaria: 'uma vez por dia', semanal: 'uma vez por semana' } as const;
/** A saved search as a line: its filters in words. */
function resumoDosFiltros(f: Record<string, unknown>): string {
  const partes: string[] = [];
  const lista = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
  if (f.marca) partes.push(lista(f.marca));
  if (f.categoria) partes.push(lista(f.categoria));
  if (f.uf) partes.push(lista(f.uf));
  if (f.anoMin != null || f.anoMax != null) partes.push(`ano ${f.anoMin ?? '…'}–${f.anoMax ?? '…'}`);
  if (f.valorMax != null) partes.push(`até ${formatarMoeda(Number(f.valorMax))}`);
  if (f.texto) partes.push(`"${String(f.texto)}"`);
  return partes.join(' · ');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: u.id };
  const intencao = form.get('intencao');
  if (intencao === 'lidas') {
    await marcarTodasLidas({ ...base, hub: context.hub });
    return { ok: true as const, mensagem: null };
  }
  if (intencao !== 'preferencias') throw new ErroHttp(400, 'Ação inválida');
  try {
    await salvarPreferencias({ ...base, form });
  } catch {
    throw new ErroHttp(400, 'Horário de silêncio inválido');
  }
  return { ok: true as const, mensagem: 'preferencias' };
}

const HORAS = Array.from({ length: 24 }, (_, h) => h);

export default function Notificacoes() {
  const { itens, preferencias, buscas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const t = useWording(notificacoes);
  const [push, setPush] = useState<string | null>(null);
  const ativar = async () => {
    const { ativarPush } = await import('~/components/notificacoes/push-no-navegador');
    const resultado = await ativarPush().catch(() => 'indisponivel' as const);
    setPush(
      t(
        resultado === 'ativado'
          ? 'notificacoes.push_ativado'
          : resultado === 'negado'
            ? 'notificacoes.push_negado'
            : 'notificacoes.push_indisponivel',
      ),
    );
  };
  return (
    <section className={f.paginaLarga}>
      <h1>{t('notificacoes.titulo')}</h1>
      {itens.length === 0 ? <p>{t('notificacoes.vazia')}</p> : null}
      <ul className={s.lista} data-testid="notificacoes">
        {itens.map((n) => (
          <li key={n.uid} className={`${s.item} ${n.lida ? '' : s.naoLida}`}>
            <p className={s.titulo}>{n.titulo}</p>
            <p className={s.texto}>{n.texto}</p>
            <span className={s.quando}>{formatarDataHora(n.quando)}</span>
            {n.lote ? (
              <>
                {' · '}
                <Link to={n.lote}>{t('notificacoes.ver_lote')}</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {itens.some((n) => !n.lida) ? (
        <Form method="post">
          <input type="hidden" name="intencao" value="lidas" />
          <button type="submit" className={botaoSecundario} data-testid="marcar-lidas">
            {t('notificacoes.marcar_lidas')}
          </button>
        </Form>
      ) : null}

      <h2 id="alertas">{t('notificacoes.alertas')}</h2>
      {buscas.length === 0 ? <p className={f.ajuda}>{t('notificacoes.alertas_vazio')}</p> : null}
      <ul className={s.lista} data-testid="buscas-salvas">
        {buscas.map((b) => (
          <li key={b.uid} className={s.item}>
            <p className={s.titulo}>{b.resumo || t('notificacoes.alertas_todos')}</p>
            <span className={s.quando}>Aviso {FREQUENCIA[b.frequencia]}</span>
            <Form method="post" action="/notificacoes/buscas" style={{ display: 'inline', marginLeft: 12 }}>
              <input type="hidden" name="excluir" value={b.uid} />
              <button type="submit" className={botaoSecundario}>
                Excluir
              </button>
            </Form>
          </li>
        ))}
      </ul>

      <h2 id="preferencias">{t('notificacoes.preferencias')}</h2>
      <p className={f.ajuda}>{t('notificacoes.preferencias_explicacao')}</p>
      <p>
        <button type="button" className={botaoSecundario} onClick={() => void ativar()} data-testid="ativar-push">
          {t('notificacoes.push_ativar')}
        </button>
      </p>
      {push ? <Aviso testId="push-resultado">{push}</Aviso> : null}
      {r?.mensagem === 'preferencias' ? (
        <Aviso tipo="sucesso" testId="preferencias-salvas">
          {t('notificacoes.salvas')}
        </Aviso>
      ) : null}
      <Form method="post" data-testid="form-preferencias">
        <input type="hidden" name="intencao" value="preferencias" />
        <div className={s.rolagem}>
          <table className={f.tabela}>
            <thead>
              <tr>
                <th className={s.celulaEvento}>{t('notificacoes.evento')}</th>
                {preferencias.eventos[0].canais.map((c) => (
                  <th key={c.canal} className={s.celula}>
                    {t(`notificacoes.canal_${c.canal}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferencias.eventos.map((e) => {
                const nome = t(`notificacoes_eventos.${e.evento}.titulo`);
                return (
                  <tr key={e.evento}>
                    <td className={s.celulaEvento}>{nome}</td>
                    {e.canais.map((c) => (
                      <td key={c.canal} className={s.celula}>
                        {c.oferecido ? (
                          <input
                            type="checkbox"
                            name={`${e.evento}.${c.canal}`}
                            defaultChecked={c.ativo}
                            aria-label={`${nome}: ${t(`notificacoes.canal_${c.canal}`)}`}
                          />
                        ) : (
                          '—'
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <h3>{t('notificacoes.silencio')}</h3>
        <p className={f.ajuda}>{t('notificacoes.silencio_explicacao')}</p>
        <div className={f.acoes}>
          {(['silencioInicio', 'silencioFim'] as const).map((campo) => (
            <label key={campo} className={f.caixa}>
              {t(campo === 'silencioInicio' ? 'notificacoes.silencio_inicio' : 'notificacoes.silencio_fim')}
              <select
                name={campo}
                className={f.entrada}
                defaultValue={
                  preferencias.silencio ? String(campo === 'silencioInicio' ? preferencias.silencio.inicio : preferencias.silencio.fim) : ''
                }
              >
                <option value="">{t('notificacoes.silencio_nenhum')}</option>
                {HORAS.map((h) => (
                  <option key={h} value={h}>
                    {String(h).padStart(2, '0')}h
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <p>
          <button type="submit" className={botao} data-testid="salvar-preferencias">
            {t('notificacoes.salvar')}
          </button>
        </p>
      </Form>
    </section>
  );
}
