import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { useLoaderData } from '@remix-run/react';
import * as s from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { situacaoDasMensagens } from '~/modules/outbox/outbox.server';
import { getEnv } from '~/utils/env.server';
import { formatarDataHora } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Mensagens enviadas');

const SITUACOES = { pendente: 'Pendente', enviado: 'Enviada', erro: 'Falhou' } as const;

/**
 * /admin/mensagens (ADM, SAC): the brand's latest e-mails and SMS, to answer "did my code arrive?":
 * recipient, time, subject, channel and situation. Never a body: bodies hold other people's reset
 * links and codes, which only their recipient reads (decision 107).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const mensagens = await situacaoDasMensagens({ db: context.db, hotsiteId: context.marca.id });
  return {
    semSmtp: !getEnv().SMTP_URL,
    mensagens: mensagens.map((m) => ({
      uid: m.uid,
      canal: m.canal,
      para: m.para,
      assunto: m.assunto,
      situacao: m.situacao,
      tentativas: m.tentativas,
      createdAt: m.createdAt.toISOString(),
      enviadoAt: m.enviadoAt?.toISOString() ?? null,
    })),
  };
}

function situacao(m: { situacao: keyof typeof SITUACOES; enviadoAt: string | null; tentativas: number }) {
  if (m.enviadoAt) return `${SITUACOES[m.situacao]} em ${formatarDataHora(m.enviadoAt)}`;
  return m.tentativas > 0 ? `${SITUACOES[m.situacao]} (${m.tentativas} tentativas)` : SITUACOES[m.situacao];
}

export default function MensagensEnviadas() {
  const { semSmtp, mensagens } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Mensagens enviadas</h1>
      <p className={s.ajuda}>
        {semSmtp
          ? 'Sem SMTP configurado, as mensagens são entregues na caixa local do servidor: cada pessoa lê as suas em Minhas mensagens, e quem está sem login (redefinição de senha) as recebe do responsável pelo servidor. O conteúdo não aparece aqui.'
          : 'O conteúdo das mensagens não aparece aqui: ele pode ter links de acesso e códigos de quem as recebe.'}
      </p>
      {mensagens.length === 0 ? (
        <p>Nenhuma mensagem.</p>
      ) : (
        <TabelaRolavel rotulo="Mensagens enviadas">
          <table className={s.tabela} data-testid="mensagens-enviadas">
            <thead>
              <tr>
                <th scope="col">Criada em</th>
                <th scope="col">Canal</th>
                <th scope="col">Para</th>
                <th scope="col">Assunto</th>
                <th scope="col">Situação</th>
              </tr>
            </thead>
            <tbody>
              {mensagens.map((m) => (
                <tr key={m.uid} data-testid="mensagem-enviada">
                  <td>{formatarDataHora(m.createdAt)}</td>
                  <td>{m.canal === 'email' ? 'E-mail' : 'SMS'}</td>
                  <td>{m.para}</td>
                  <td>{m.assunto ?? '—'}</td>
                  <td>{situacao(m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
    </section>
  );
}
