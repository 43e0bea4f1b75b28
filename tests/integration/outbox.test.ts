import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemSaida } from '@db/schema';
import { drenarOutbox, type Transporte } from '~/modules/outbox/envio-outbox.server';
import { enfileirarEmail, enfileirarSms } from '~/modules/outbox/outbox.server';
import { criarBancoDeTeste } from '../db';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(() => banco?.descartar());

describe('outbox', () => {
  it('sends pending e-mails once, keeps failures for retry and leaves SMS alone', async () => {
    const db = banco.db;
    const ok = await enfileirarEmail({ db, hotsiteId: 1, para: 'ana@exemplo.com', assunto: 'Olá', texto: 'Corpo' });
    const falha = await enfileirarEmail({ db, hotsiteId: 2, para: 'falha@exemplo.com', assunto: 'Olá', texto: 'Corpo' });
    await enfileirarSms({ db, hotsiteId: 1, para: '11987654321', texto: 'Código 123456' });
    const enviados: string[] = [];
    const transporte: Transporte = {
      sendMail: async (m) => {
        if (m.to === 'falha@exemplo.com') throw new Error('550 caixa inexistente');
        enviados.push(m.to);
      },
    };
    await expect(drenarOutbox({ db, transporte, de: 'Martelo <nao-responda@martelo.app.br>' })).resolves.toEqual({
      enviados: 1,
      vistos: 2,
    });
    await drenarOutbox({ db, transporte, de: 'x@y.z' });
    expect(enviados).toEqual(['ana@exemplo.com']);
    const [a] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, ok.id));
    const [b] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, falha.id));
    expect(a).toMatchObject({ situacao: 'enviado', tentativas: 1 });
    expect(b).toMatchObject({ situacao: 'pendente', tentativas: 2, erro: '550 caixa inexistente' });
    await expect(enfileirarEmail({ db, hotsiteId: 1, para: 'não é e-mail', assunto: 'x', texto: 'y' })).rejects.toThrow();
  });
});
