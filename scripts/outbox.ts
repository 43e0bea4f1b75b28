/**
 * `npm run outbox -- --para <e-mail ou telefone> [--ultimas N]`: prints the messages the server
 * delivered to that recipient's local mailbox (CAIXA_LOCAL_DIR, only without SMTP_URL), oldest first,
 * the newest at the bottom. For the machine's operator: a reset link or a sign-up code reaches someone
 * who cannot log in yet. It reads files, not the database, so it works while the server runs, on the
 * embedded database too (decision 107).
 */
import { parseArgs } from 'node:util';
import { lerCaixaLocal, mensagemComoTexto } from '~/modules/outbox/caixa-local.server';
import { getEnv } from '~/utils/env.server';

const USO = 'uso: npm run outbox -- --para <e-mail ou telefone> [--ultimas N]';

let valores: { para?: string; ultimas?: string };
try {
  valores = parseArgs({ options: { para: { type: 'string' }, ultimas: { type: 'string' } } }).values;
} catch (erro) {
  console.error(`${(erro as Error).message}\n${USO}`);
  process.exit(2);
}
const para = valores.para?.trim();
const ultimas = valores.ultimas === undefined ? 10 : Number(valores.ultimas);
if (!para || !Number.isInteger(ultimas) || ultimas < 1) {
  console.error(USO);
  process.exit(2);
}

const env = getEnv();
const mensagens = (await lerCaixaLocal(env.CAIXA_LOCAL_DIR, para)).slice(-ultimas);
if (!mensagens.length) {
  console.error(
    `Nenhuma mensagem para ${para} em ${env.CAIXA_LOCAL_DIR}. ` +
      (env.SMTP_URL
        ? 'Com SMTP_URL definido, os e-mails saem pelo servidor de e-mail e não ficam aqui.'
        : 'Sem SMTP_URL, o servidor entrega aqui cada e-mail e SMS em até um segundo: confira o endereço e se o servidor está rodando.'),
  );
  process.exit(1);
}
console.log(mensagens.map(mensagemComoTexto).join('\n'));
