import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The local mailbox: without SMTP, the server delivers each e-mail and SMS of the outbox into one file
 * per recipient under CAIXA_LOCAL_DIR (folder 0700, files 0600), so only the machine's operator reads
 * them, with `npm run outbox -- --para <e-mail ou telefone>`. It works while the server runs, on the
 * embedded database too (PGlite admits one process: a command opening it would have to stop the
 * server first). Decision 107.
 */
export const mensagemDaCaixaSchema = z.object({
  uid: z.string(),
  hotsiteId: z.number().int(),
  canal: z.enum(['email', 'sms']),
  para: z.string(),
  assunto: z.string().nullable(),
  texto: z.string(),
  criadaEm: z.string(),
});
export type MensagemDaCaixa = z.infer<typeof mensagemDaCaixaSchema>;

/**
 * The recipient as one file name: an e-mail in lower case, a phone as its digits (so "(11) 98123-4567"
 * and "11981234567" are one box). Anything that is not a letter, digit, @ . _ + or - becomes _, and a
 * leading dot too: a name never leaves the folder nor hides in it.
 */
export function arquivoDoDestinatario(para: string): string {
  const limpo = para.trim().toLowerCase();
  const chave = limpo.includes('@') ? limpo : limpo.replace(/\D/g, '');
  const seguro = chave.replace(/[^a-z0-9@._+-]/g, '_').replace(/^\./, '_');
  return `${seguro || '_'}.jsonl`;
}

/** Appends one message to its recipient's file, creating the folder and the file readable by the owner only. */
export async function entregarNaCaixaLocal(dir: string, m: MensagemDaCaixa): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const arquivo = join(dir, arquivoDoDestinatario(m.para));
  await appendFile(arquivo, `${JSON.stringify(m)}\n`, { mode: 0o600 });
  await chmod(arquivo, 0o600);
}

/** One recipient's messages, oldest first; none when the box has no file for them. */
export async function lerCaixaLocal(dir: string, para: string): Promise<MensagemDaCaixa[]> {
  let conteudo: string;
  try {
    conteudo = await readFile(join(dir, arquivoDoDestinatario(para)), 'utf8');
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw erro;
  }
  return conteudo
    .split('\n')
    .filter(Boolean)
    .flatMap((linha) => {
      try {
        const m = mensagemDaCaixaSchema.safeParse(JSON.parse(linha));
        return m.success ? [m.data] : [];
      } catch {
        return [];
      }
    });
}

/** A message as the command prints it. */
export function mensagemComoTexto(m: MensagemDaCaixa): string {
  const quando = new Date(m.criadaEm).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  const cabecalho = [
    `── ${m.canal === 'email' ? 'E-mail' : 'SMS'} · marca ${m.hotsiteId} · ${quando} ──`,
    `Para: ${m.para}`,
    ...(m.assunto ? [`Assunto: ${m.assunto}`] : []),
  ];
  return `${cabecalho.join('\n')}\n\n${m.texto}\n`;
}
