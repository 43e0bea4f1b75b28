import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorito, habilitacao, mensagemSaida, notificacao, notificacaoEnvio, usuario, venda } from '@db/schema';
import { executarComando } from '~/modules/aovivo/pregao.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { decidirHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { encerrarLotesVencidos, responderCondicional } from '~/modules/lances/encerramento.server';
import { caminhoDoAviso } from '~/modules/notificacoes/despacho.server';
import { vigiarFavoritos } from '~/modules/notificacoes/fila.server';
import { responderComprovante } from '~/modules/vendas/acoes.server';
import { linhas } from '~/utils/linhas.server';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { filaDeTeste } from '../notificacoes';
import { entrarComoStaff } from '../staff';

/*
 * Each client event of #32 not covered elsewhere, written by its real use case (the closing, the seller's
 * answer, the staff's decision, the proof's answer, the live floor, the watch job) and delivered on its
 * default channels (the mocks and the queue's driving are tests/notificacoes.ts's). Each is written once however
 * often its writer runs again.
 */
const fila = filaDeTeste();
const { despachar, inscreverNoPush } = fila;
/** The push service's sends, by subscription id. */
const pushes = () => fila.enviados.push.map((p) => p.id);

const H = 'h1.localhost';
const lance = (auth: Record<string, string>, corpo: unknown) => fila.app.pedir(H, '/v1/lances', { method: 'POST', headers: auth, corpo });
const notificacoesDe = (usuarioId: number) =>
  fila.banco.db.select().from(notificacao).where(eq(notificacao.usuarioId, usuarioId)).orderBy(notificacao.id);
const eventosDe = async (usuarioId: number) => (await notificacoesDe(usuarioId)).map((n) => [n.evento, n.loteId]);
const enviosDe = async (usuarioId: number, evento: string) =>
  (
    await fila.banco.db
      .select({ canal: notificacaoEnvio.canal, situacao: notificacaoEnvio.situacao })
      .from(notificacaoEnvio)
      .innerJoin(notificacao, eq(notificacao.id, notificacaoEnvio.notificacaoId))
      .where(and(eq(notificacao.usuarioId, usuarioId), eq(notificacao.evento, evento)))
      .orderBy(notificacaoEnvio.id)
  ).map((e) => `${e.canal}:${e.situacao}`);
const emailsDe = (email: string) =>
  fila.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, email)).orderBy(mensagemSaida.id);

/** A client reachable on every channel: a push subscription at the mock and a mobile for WhatsApp. */
async function alcancavel(c: { id: number }, id: string) {
  await inscreverNoPush(c.id, id);
  await fila.banco.db.update(usuario).set({ telefone: '(11) 98765-4321' }).where(eq(usuario.id, c.id));
}

describe('the closing and the seller', () => {
  it('a bid below the seller’s value closes conditional; the seller’s answer is told once; each by e-mail and push', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db, { valorComitente: 50_000_00 });
    const c = await criarCliente(fila.banco.db, { leilaoId, nome: 'Célia Reis' });
    await alcancavel(c, `celia-${c.id}`);
    expect((await lance(c.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    await vencerLote(fila.banco.db, loteId);
    await encerrarLotesVencidos({ db: fila.banco.db });
    await encerrarLotesVencidos({ db: fila.banco.db });
    expect(await eventosDe(c.id)).toEqual([['condicional', loteId]]);
    await despachar();
    expect(await enviosDe(c.id, 'condicional')).toEqual(['email:enviado', 'push:enviado']);
    expect((await emailsDe(c.email)).map((e) => e.assunto)).toEqual(['Seu lance ficou condicional']);
    expect(pushes()).toEqual([`celia-${c.id}`]);

    await responderCondicional({ db: fila.banco.db, hotsiteId: 1, loteId, entrada: { resposta: 'Liberada' }, comitentes: 'todos' });
    expect(await eventosDe(c.id)).toEqual([
      ['condicional', loteId],
      ['condicional-respondida', loteId],
    ]);
    await despachar();
    // One e-mail about the answer: the decision's own (its subject names the answer), none from the queue.
    expect(await enviosDe(c.id, 'condicional-respondida')).toEqual(['push:enviado']);
    const assuntos = (await emailsDe(c.email)).map((e) => e.assunto);
    expect(assuntos.filter((a) => /respondido|Venda condicional/.test(a ?? ''))).toEqual([
      expect.stringMatching(/^Venda condicional: liberada/),
    ]);
    expect(pushes()).toEqual([`celia-${c.id}`, `celia-${c.id}`]);
    await despachar();
    expect(pushes()).toHaveLength(2);
  });
});

describe('habilitations and proofs', () => {
  it('a habilitation approved and one refused reach their client once, the refusal with its reason', async () => {
    const sac = await entrarComoStaff(fila.banco.db, [P.SAC]);
    const { leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const ok = await criarCliente(fila.banco.db, { nome: 'Olga Prado' });
    const nao = await criarCliente(fila.banco.db, { nome: 'Nilo Rocha' });
    await fila.banco.db.insert(habilitacao).values([
      { hotsiteId: 1, usuarioId: ok.id, leilaoId, situacao: 'Pendente' },
      { hotsiteId: 1, usuarioId: nao.id, leilaoId, situacao: 'Pendente' },
    ]);
    await alcancavel(ok, `olga-${ok.id}`);
    const idDe = async (usuarioId: number) =>
      (await fila.banco.db.select({ id: habilitacao.id }).from(habilitacao).where(eq(habilitacao.usuarioId, usuarioId)))[0].id;
    const decidir = (entrada: unknown) =>
      decidirHabilitacao({
        db: fila.banco.db,
        marca: { id: 1, tipo: 'leilao' },
        urlBase: 'https://marca1.exemplo.test',
        entrada,
        decididoPor: sac.id,
      });
    await decidir({ decisao: 'aprovar', id: await idDe(ok.id) });
    await decidir({ decisao: 'recusar', id: await idDe(nao.id), motivo: 'Documento ilegível' });
    expect((await notificacoesDe(ok.id)).map((n) => n.evento)).toEqual(['habilitacao-aprovada']);
    const recusa = await notificacoesDe(nao.id);
    expect(recusa.map((n) => [n.evento, n.dados.motivo])).toEqual([['habilitacao-recusada', 'Documento ilegível']]);
    await despachar();
    expect(await enviosDe(ok.id, 'habilitacao-aprovada')).toEqual(['push:enviado']);
    expect(pushes()).toEqual([`olga-${ok.id}`]);
    // Each client gets one e-mail about the decision: the decision's own, the refusal with its reason.
    expect((await emailsDe(ok.email)).map((e) => e.assunto)).toEqual([expect.stringMatching(/^Habilitação aprovada: /)]);
    const recusas = await emailsDe(nao.email);
    expect(recusas.map((e) => e.assunto)).toEqual([expect.stringMatching(/^Habilitação recusada: /)]);
    expect(recusas[0].texto).toContain('Motivo: Documento ilegível');
  });

  it('a proof approved reaches the buyer once, by push (the e-mail stays the sale’s own)', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const c = await criarCliente(fila.banco.db, { leilaoId, nome: 'Paulo Reis' });
    await alcancavel(c, `paulo-${c.id}`);
    expect((await lance(c.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    await vencerLote(fila.banco.db, loteId);
    await encerrarLotesVencidos({ db: fila.banco.db });
    await despachar();
    fila.enviados.push.length = 0;
    const [v] = await fila.banco.db.select().from(venda).where(eq(venda.usuarioId, c.id));
    const [comp] = linhas<{ uid: string }>(
      await fila.banco.db.execute(sql`INSERT INTO comprovante (hotsite_id, venda_id, nome_arquivo, tipo, tamanho, arquivo, situacao)
                                 VALUES (1, ${v.id}, 'pix.pdf', 'application/pdf', 4, '\\x25504446'::bytea, 'AG_COMPENSACAO') RETURNING uid`),
    );
    await responderComprovante({
      db: fila.banco.db,
      hotsiteId: 1,
      vendaId: v.id,
      entrada: { comprovanteUid: comp.uid, resultado: 'aprovado' },
      autor: 'Beatriz',
      urlBase: 'https://marca1.exemplo.test',
    });
    expect((await notificacoesDe(c.id)).filter((n) => n.evento.startsWith('comprovante')).map((n) => n.evento)).toEqual([
      'comprovante-aprovado',
    ]);
    await despachar();
    expect(await enviosDe(c.id, 'comprovante-aprovado')).toEqual(['push:enviado']);
    expect(pushes()).toEqual([`paulo-${c.id}`]);
  });
});

describe('watched lots', () => {
  it('a watched lot that opened is told once to who followed it before, not to who followed it after', async () => {
    const { loteId, veiUid } = await criarLoteEmDisputa(fila.banco.db);
    const antes = await criarCliente(fila.banco.db, { nome: 'Antes' });
    const depois = await criarCliente(fila.banco.db, { nome: 'Depois' });
    await alcancavel(antes, `antes-${antes.id}`);
    await fila.banco.db.insert(favorito).values([
      { hotsiteId: 1, usuarioId: antes.id, veiUid, createdAt: new Date(Date.now() - 3_600_000) },
      { hotsiteId: 1, usuarioId: depois.id, veiUid },
    ]);
    await Promise.all([vigiarFavoritos({ db: fila.banco.db }), vigiarFavoritos({ db: fila.banco.db })]);
    await vigiarFavoritos({ db: fila.banco.db });
    expect(await eventosDe(antes.id)).toEqual([['favorito-aberto', loteId]]);
    expect(await eventosDe(depois.id)).toEqual([]);
    await despachar();
    expect(await enviosDe(antes.id, 'favorito-aberto')).toEqual(['push:enviado']);
    expect(pushes()).toEqual([`antes-${antes.id}`]);
  });

  it('a watched lot called on the live floor is told to its followers once, not again when a bid brings it back from dou-lhe', async () => {
    const { leilaoUid, leilaoId, loteIds, veiUids } = await criarLeilaoAoVivo(fila.banco.db, { lotes: 2 });
    const leiloeiro = await entrarComoStaff(fila.banco.db, [P.LEILOEIRO], { nome: 'Leiloeiro Oficial' });
    const f = await criarClienteDoAuditorio(fila.banco.db, { leilaoId, nome: 'Fabi Nunes' });
    const outro = await criarCliente(fila.banco.db, { nome: 'Segue o outro' });
    await alcancavel(f, `fabi-${f.id}`);
    await fila.banco.db.insert(favorito).values([
      { hotsiteId: 1, usuarioId: f.id, veiUid: veiUids[0] },
      { hotsiteId: 1, usuarioId: outro.id, veiUid: veiUids[1] },
    ]);
    const comando = async (nome: 'iniciar' | 'lote-atual' | 'doulhe', entrada: unknown = {}) =>
      expect(
        (await executarComando({ db: fila.banco.db, hotsiteId: 1, leilaoUid, comando: nome, entrada, usuarioId: leiloeiro.id })).status,
      ).toBe(200);
    await comando('iniciar');
    expect(await eventosDe(f.id)).toEqual([]);
    await comando('lote-atual', { loteId: loteIds[0] });
    expect(await eventosDe(f.id)).toEqual([['favorito-ao-vivo', loteIds[0]]]);
    expect(await eventosDe(outro.id)).toEqual([]);
    await comando('doulhe', { etapa: 'uma' });
    expect((await lance(f.auth, { loteId: loteIds[0], valor: 10_000_00 })).status).toBe(201);
    expect((await notificacoesDe(f.id)).map((n) => n.evento)).toEqual(['favorito-ao-vivo']);

    await despachar();
    expect(await enviosDe(f.id, 'favorito-ao-vivo')).toEqual(['push:enviado']);
    expect(pushes()).toEqual([`fabi-${f.id}`]);
    // The notice leads to the lot's page (the brand's prefix; the short path redirects to the canonical one).
    const caminho = caminhoDoAviso('favorito-ao-vivo', {}, { id: loteIds[0], tipo: 'leilao' });
    const r = await fila.app.pedir(H, caminho);
    expect(r.status).toBe(301);
    expect(r.headers.location).toMatch(new RegExp(`^/leilao/.+/ano\\.\\d+/${loteIds[0]}$`));
    expect((await fila.app.pedir(H, r.headers.location as string)).status).toBe(200);
    expect(caminhoDoAviso('lance-superado', {}, { id: 7, tipo: 'loja' })).toMatch(/^\/anuncio\/.+\/7$/);
  });

  it('the leader of a lot closing within 15 minutes is told once that they are winning, not the follower’s notice too', async () => {
    const { loteId, leilaoId, veiUid } = await criarLoteEmDisputa(fila.banco.db, { fimEmMs: 10 * 60_000 });
    const lider = await criarCliente(fila.banco.db, { leilaoId, nome: 'Lia Campos' });
    const segue = await criarCliente(fila.banco.db, { nome: 'Sérgio Alves' });
    await alcancavel(lider, `lia-${lider.id}`);
    await fila.banco.db.insert(favorito).values([
      { hotsiteId: 1, usuarioId: lider.id, veiUid },
      { hotsiteId: 1, usuarioId: segue.id, veiUid },
    ]);
    expect((await lance(lider.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    await Promise.all([vigiarFavoritos({ db: fila.banco.db }), vigiarFavoritos({ db: fila.banco.db })]);
    await vigiarFavoritos({ db: fila.banco.db });
    expect(await eventosDe(lider.id)).toEqual([['vencendo-encerrando', loteId]]);
    expect(await eventosDe(segue.id)).toEqual([['favorito-encerrando', loteId]]);
    await despachar();
    expect(await enviosDe(lider.id, 'vencendo-encerrando')).toEqual(['push:enviado']);
    // (The scan covers every lot: earlier tests' lots closing soon may push to their own people too.)
    expect(pushes().filter((p) => p === `lia-${lider.id}`)).toHaveLength(1);
    const [n] = await notificacoesDe(lider.id);
    expect(n.dados).toMatchObject({ valor: 10_000_00 });
  });

  it('a loja brand’s leader and follower read its own wording (oferta, anúncio, evento)', async () => {
    const { loteId, leilaoId, veiUid } = await criarLoteEmDisputa(fila.banco.db, { hotsiteId: 2, fimEmMs: 10 * 60_000 });
    const lider = await criarCliente(fila.banco.db, { hotsiteId: 2, leilaoId });
    await fila.banco.db.insert(favorito).values({ hotsiteId: 2, usuarioId: lider.id, veiUid });
    await fila.banco.db.execute(
      sql`INSERT INTO notificacao_preferencia (hotsite_id, usuario_id, evento, canal, ativo)
          VALUES (2, ${lider.id}, 'vencendo-encerrando', 'email', true), (2, ${lider.id}, 'favorito-ao-vivo', 'email', true)`,
    );
    expect(
      (await fila.app.pedir('h2.localhost', '/v1/lances', { method: 'POST', headers: lider.auth, corpo: { loteId, valor: 10_000_00 } }))
        .status,
    ).toBe(201);
    await vigiarFavoritos({ db: fila.banco.db });
    await fila.banco.db.execute(sql`UPDATE lote SET situacao = 'AO_VIVO' WHERE id = ${loteId}`);
    await despachar();
    const assuntos = (await emailsDe(lider.email)).map((e) => e.assunto);
    expect(assuntos).toContain('Sua oferta é a maior: o anúncio encerra em 15 minutos');
    expect(assuntos).toContain('Um anúncio que você segue está no evento ao vivo');
  });
});
