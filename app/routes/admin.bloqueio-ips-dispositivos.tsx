import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { criarBloqueio, listarBloqueios, listarTentativas, removerBloqueio } from '~/modules/operacoes/bloqueios.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { deCampoDataHora } from '~/utils/campo-data-hora';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Bloqueio de IPs e dispositivos');

const TIPOS = [
  { valor: 'ip', nome: 'Endereço IP' },
  { valor: 'faixa', nome: 'Faixa (CIDR)' },
  { valor: 'dispositivo', nome: 'Dispositivo' },
];
const nomeDoTipo = (t: string) => TIPOS.find((x) => x.valor === t)?.nome ?? t;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const [bloqueios, tentativas] = await Promise.all([
    listarBloqueios({ db: context.db, hotsiteId: context.marca.id }),
    listarTentativas({ db: context.db, hotsiteId: context.marca.id }),
  ]);
  const agora = Date.now();
  return {
    bloqueios: bloqueios.map((b) => ({
      ...b,
      expiraEm: b.expiraEm?.toISOString() ?? null,
      vencido: b.expiraEm !== null && b.expiraEm.getTime() <= agora,
      createdAt: b.createdAt.toISOString(),
    })),
    tentativas: tentativas.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const { db, hotsites, marca } = context;
  try {
    if (campos._acao === 'remover') {
      await removerBloqueio({ db, hotsites, hotsiteId: marca.id, id: campos.id });
      return { ok: true as const, mensagem: operacoes.bloqueio.removido, erros: {}, valores: {} };
    }
    if (campos._acao !== 'bloquear') throw new ErroHttp(400, 'Ação desconhecida');
    await criarBloqueio({
      db,
      hotsites,
      hotsiteId: marca.id,
      usuarioId: eu.id,
      entrada: { ...campos, expiraEm: deCampoDataHora(campos.expiraEm) ?? undefined },
    });
    return { ok: true as const, mensagem: operacoes.bloqueio.criado, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function BloqueioIpsDispositivos() {
  const { bloqueios, tentativas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (c: string) => (r?.ok ? '' : (r?.valores?.[c] ?? ''));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Bloqueio de IPs e dispositivos</h1>
      </div>
      <p>Um cliente que acesse de um endereço, faixa ou dispositivo bloqueado não consegue entrar nem dar lances nesta marca.</p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" data-testid="form-bloqueio">
        <input type="hidden" name="_acao" value="bloquear" />
        <Secao titulo="Novo bloqueio">
          <div className={f.grade}>
            <Escolha nome="tipo" rotulo="Tipo" opcoes={TIPOS} valor={v('tipo') || 'ip'} erros={r?.erros} obrigatorio />
            <Campo
              nome="valor"
              rotulo="Endereço, faixa ou dispositivo"
              obrigatorio
              valor={v('valor')}
              erros={r?.erros}
              placeholder="203.0.113.7"
            />
            <Campo
              nome="motivo"
              rotulo="Motivo"
              obrigatorio
              valor={v('motivo')}
              erros={r?.erros}
              placeholder="Lances com cartão de terceiros"
            />
            <Campo nome="expiraEm" rotulo="Expira em (opcional)" tipo="datetime-local" valor={v('expiraEm')} erros={r?.erros} />
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Bloquear
          </button>
        </div>
      </Form>
      <h2>Bloqueios</h2>
      <TabelaRolavel rotulo="Bloqueios">
        <table className={f.tabela} data-testid="lista-bloqueios">
          <thead>
            <tr>
              <th>Tipo</th>
              <th>Valor</th>
              <th>Motivo</th>
              <th>Expira</th>
              <th>Criado por</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {bloqueios.map((b) => (
              <tr key={b.id}>
                <td>{nomeDoTipo(b.tipo)}</td>
                <td>
                  <code>{b.valor}</code>
                </td>
                <td>{b.motivo}</td>
                <td>{b.expiraEm ? `${formatarDataHora(b.expiraEm)}${b.vencido ? ' (vencido)' : ''}` : 'Não expira'}</td>
                <td>{b.criadoPor ?? '—'}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="_acao" value="remover" />
                    <input type="hidden" name="id" value={b.id} />
                    <button type="submit" className={botaoSecundario}>
                      Remover
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {bloqueios.length === 0 ? <p>Nenhum bloqueio cadastrado.</p> : null}
      <h2>Tentativas recusadas</h2>
      <TabelaRolavel rotulo="Tentativas recusadas">
        <table className={f.tabela} data-testid="lista-tentativas">
          <thead>
            <tr>
              <th>Quando</th>
              <th>Ação</th>
              <th>Endereço</th>
              <th>Dispositivo</th>
              <th>E-mail</th>
              <th>Bloqueio</th>
            </tr>
          </thead>
          <tbody>
            {tentativas.map((t) => (
              <tr key={t.id}>
                <td>{formatarDataHora(t.createdAt)}</td>
                <td>{t.acao === 'login' ? 'Login' : 'Lance'}</td>
                <td>{t.ip}</td>
                <td>{t.dispositivo ?? '—'}</td>
                <td>{t.email ?? '—'}</td>
                <td>{t.bloqueio ?? '(removido)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {tentativas.length === 0 ? <p>Nenhuma tentativa recusada.</p> : null}
    </section>
  );
}
