import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemSaida } from '@db/schema';
import { arquivoDoDestinatario, lerCaixaLocal } from '~/modules/outbox/caixa-local.server';
import { drenarOutbox, entregadorCaixaLocal, entregadorSmtp, type Transporte } from '~/modules/outbox/envio-outbox.server';
import { enfileirarEmail, enfileirarSms } from '~/modules/outbox/outbox.server';
import { criarBancoDeTeste } from '../db';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let caixa: string;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  caixa = join(mkdtempSync(join(tmpdir(), 'martelo-outbox-')), 'caixa');
});
afterAll(async () => {
  rmSync(join(caixa, '..'), { recursive: true, force: true });
  await banco?.descartar();
});

describe('outbox', () => {
  it('sends pending e-mails once through SMTP, keeps failures for retry and leaves SMS alone', async () => {
    const db = banco.db;
    const ok = await enfileirarEmail({ db, hotsiteId: 1, para: 'ana@exemplo.com', assunto: 'Olá', texto: 'Corpo' });
    const falha = await enfileirarEmail({ db, hotsiteId: 2, para: 'falha@exemplo.com', assunto: 'Olá', texto: 'Corpo' });
    const sms = await enfileirarSms({ db, hotsiteId: 1, para: '11987654321', texto: 'Código 123456' });
    const enviados: string[] = [];
    const transporte: Transporte = {
      sendMail: async (m) => {
        if (m.to === 'falha@exemplo.com') throw new Error('550 caixa inexistente');
        enviados.push(m.to);
      },
    };
    const entregador = entregadorSmtp(transporte, 'Martelo <nao-responda@martelo.app.br>');
    await expect(drenarOutbox({ db, entregador })).resolves.toEqual({ enviados: 1, vistos: 2 });
    await drenarOutbox({ db, entregador });
    expect(enviados).toEqual(['ana@exemplo.com']);
    const [a] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, ok.id));
    const [b] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, falha.id));
    const [c] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, sms.id));
    expect(a).toMatchObject({ situacao: 'enviado', tentativas: 1 });
    expect(b).toMatchObject({ situacao: 'pendente', tentativas: 2, erro: '550 caixa inexistente' });
    expect(c).toMatchObject({ situacao: 'pendente', tentativas: 0 });
    await expect(enfileirarEmail({ db, hotsiteId: 1, para: 'não é e-mail', assunto: 'x', texto: 'y' })).rejects.toThrow();
  });

  it("without SMTP delivers e-mail and SMS into each recipient's own file, readable by the machine's owner only", async () => {
    const db = banco.db;
    // What the first test left pending is not this test's business.
    await db.update(mensagemSaida).set({ situacao: 'erro' }).where(eq(mensagemSaida.situacao, 'pendente'));
    const email = await enfileirarEmail({ db, hotsiteId: 1, para: 'Bia@Exemplo.com', assunto: 'Código', texto: 'seu código é 123456' });
    const sms = await enfileirarSms({ db, hotsiteId: 2, para: '(11) 98123-4567', texto: 'seu código é 654321' });
    const outro = await enfileirarEmail({ db, hotsiteId: 1, para: 'carlos@exemplo.com', assunto: 'Código', texto: 'seu código é 999999' });
    await expect(drenarOutbox({ db, entregador: entregadorCaixaLocal(caixa) })).resolves.toEqual({ enviados: 3, vistos: 3 });
    const linhas = await db
      .select()
      .from(mensagemSaida)
      .where(inArray(mensagemSaida.id, [email.id, sms.id, outro.id]));
    expect(linhas.map((l) => l.situacao)).toEqual(['enviado', 'enviado', 'enviado']);

    // One file per recipient: the e-mail in any case, the phone as typed or as digits.
    expect((await lerCaixaLocal(caixa, 'bia@exemplo.com')).map((m) => m.texto)).toEqual(['seu código é 123456']);
    expect(await lerCaixaLocal(caixa, '11981234567')).toMatchObject([{ canal: 'sms', hotsiteId: 2, texto: 'seu código é 654321' }]);
    expect(await lerCaixaLocal(caixa, '(11) 98123-4567')).toHaveLength(1);
    expect(await lerCaixaLocal(caixa, 'ninguem@exemplo.com')).toEqual([]);
    expect(readdirSync(caixa).sort()).toEqual(['11981234567.jsonl', 'bia@exemplo.com.jsonl', 'carlos@exemplo.com.jsonl']);

    expect(statSync(caixa).mode & 0o777).toBe(0o700);
    for (const arquivo of readdirSync(caixa)) expect(statSync(join(caixa, arquivo)).mode & 0o777).toBe(0o600);
  });

  it('names a mailbox file that never leaves its folder nor hides in it', () => {
    expect(arquivoDoDestinatario('../../etc/passwd@x')).toBe('_._.._etc_passwd@x.jsonl');
    expect(arquivoDoDestinatario('.oculto@x.com')).toBe('_oculto@x.com.jsonl');
    expect(arquivoDoDestinatario('a/b\\c@x.com')).toBe('a_b_c@x.com.jsonl');
    expect(arquivoDoDestinatario('../..')).toBe('_.jsonl');
    for (const nome of ['../../etc/passwd@x', 'a/b@x', '..@x']) expect(arquivoDoDestinatario(nome)).not.toMatch(/\/|^\./);
  });
});
