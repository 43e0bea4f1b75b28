import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { EVENTOS_DA_EQUIPE } from '~/modules/notificacoes/eventos';
import { listarConfiguracoes } from '~/modules/notificacoes/modelos.server';
import { textoDaNotificacao, textoDeNotificacoes } from '~/modules/notificacoes/texto';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Notificações');

/**
 * /admin/notificacoes (ADM with MKT, spec 000 §6): the brand's notices, whether each is on, its default
 * channels and whether the brand wrote its own text (decision 209). Each row opens its setting.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const tipo = context.marca.tipo;
  const lista = await listarConfiguracoes({ db: context.db, hotsiteId: context.marca.id });
  return {
    eventos: lista.map((e) => ({
      evento: e.evento,
      nome: textoDaNotificacao(tipo, { evento: e.evento, dados: {} }).titulo,
      paraEquipe: (EVENTOS_DA_EQUIPE as readonly string[]).includes(e.evento),
      ativo: e.modelo?.ativo ?? true,
      canais: e.canaisPadrao.map((c) => textoDeNotificacoes(tipo, `canal_${c}`)),
      textoProprio: !!(e.modelo?.tituloLeilao || e.modelo?.textoLeilao || e.modelo?.tituloLoja || e.modelo?.textoLoja),
    })),
  };
}

export default function NotificacoesDaMarca() {
  const { eventos } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Notificações</h1>
        <Link to="/admin/assinatura-email">Assinatura dos e-mails</Link>
      </div>
      <p>
        Os avisos que esta marca envia aos clientes e à equipe. O aviso no site (o sino) sempre aparece; os canais abaixo valem até o
        cliente escolher os seus.
      </p>
      <TabelaRolavel rotulo="Avisos da marca">
        <table className={f.tabela} data-testid="lista-notificacoes">
          <thead>
            <tr>
              <th>Aviso</th>
              <th>Para</th>
              <th>Situação</th>
              <th>Canais padrão</th>
              <th>Texto</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {eventos.map((e) => (
              <tr key={e.evento} data-evento={e.evento}>
                <td>{e.nome}</td>
                <td>{e.paraEquipe ? 'Equipe' : 'Clientes'}</td>
                <td>{e.ativo ? 'Ativo' : 'Desligado'}</td>
                <td>{e.canais.length > 0 ? e.canais.join(', ') : 'Só no site'}</td>
                <td>{e.textoProprio ? 'Próprio da marca' : 'Padrão'}</td>
                <td>
                  <Link to={`/admin/configurar-notificacoes/${e.evento}`}>Configurar</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
