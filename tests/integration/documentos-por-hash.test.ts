import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cliente, endereco, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { textoDoPdf } from '../pdf';
import { entrarComoStaff } from '../staff';

/*
 * A purchase document's hash is printed on paper and in its QR code: whoever holds it reads what the
 * paper shows, with the buyer's CPF masked as the QR verification page masks it, and never the buyer's
 * e-mail, user id or street address. The buyer logged in, and sales staff, read it whole (decision 109).
 */
const t = instanciaDeTeste();

const RUA = 'Rua das Acácias';

/** A valid CPF no other client of the brand has (the brand's CPFs are unique). */
function cpfNovo() {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  const digito = (ds: number[]) => {
    const resto = ds.reduce((a, d, i) => a + d * (ds.length + 1 - i), 0) % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

/** A lot won by a client with a CPF and a home address, closed into their sale. */
async function vendaComArrematante() {
  const CPF = cpfNovo();
  const CPF_FORMATADO = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
  const CPF_MASCARADO = `***.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-**`;
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
  const comprador = await criarCliente(t.banco.db, { nome: 'Rafael Souza', leilaoId });
  const [c] = await t.banco.db
    .insert(cliente)
    .values({ hotsiteId: 1, usuarioId: comprador.id, nome: comprador.nome, email: comprador.email, cpf: CPF })
    .returning();
  await t.banco.db.insert(endereco).values({
    hotsiteId: 1,
    clienteId: c.id,
    logradouro: RUA,
    numero: '742',
    bairro: 'Jardim Paulista',
    cep: '01415-000',
    cidade: 'São Paulo',
    estadoSigla: 'SP',
  });
  const r = await t.app.pedir('h1.localhost', '/v1/lances', { headers: comprador.auth, corpo: { loteId, valor: 15_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  return { comprador, venda: v, CPF, CPF_FORMATADO, CPF_MASCARADO };
}

/** What must never reach someone who only holds the hash. */
const segredosDoComprador = ({ comprador, CPF, CPF_FORMATADO }: Awaited<ReturnType<typeof vendaComArrematante>>) => [
  comprador.email,
  CPF,
  CPF_FORMATADO,
  RUA,
  '01415-000',
  // The user id, as a sale's client carries it.
  `"cliente":{"id"`,
];

describe('a purchase document opened by its hash', () => {
  it('shows a visitor what the paper shows: the name, the CPF masked, the city; no e-mail, user id or street', async () => {
    const d = await vendaComArrematante();
    const { venda: v, CPF_MASCARADO } = d;
    const caminhos = [
      `/v1/nota-fiscal?hashs=${v.hashQrcode}`,
      `/v1/extrato-compra?hashs=${v.hashQrcode}`,
      `/nota/${v.hashQrcode}`,
      `/nota/${v.hashQrcode}?_data=routes%2Fnota.%24hash`,
      `/extrato/${v.hashQrcode}`,
      `/extrato/${v.hashQrcode}?_data=routes%2Fextrato.%24hash`,
      `/comprovante-arrematacao/${v.hashQrcode}?_data=routes%2Fcomprovante-arrematacao.%24hash`,
      `/qrcode/nota/${v.hashQrcode}`,
      `/qrcode/extrato/${v.hashQrcode}`,
    ];
    for (const caminho of caminhos) {
      const r = await t.app.pedir('h1.localhost', caminho);
      expect(r.status, caminho).toBe(200);
      expect(r.texto, caminho).toContain('Rafael Souza');
      for (const segredo of segredosDoComprador(d)) expect(r.texto, `${caminho} ${segredo}`).not.toContain(segredo);
    }
    const api = await t.app.pedir('h1.localhost', `/v1/nota-fiscal?hashs=${v.hashQrcode}`);
    const [doc] = api.json<{ vendas: Record<string, unknown>[] }>().vendas;
    expect(doc.arrematante).toEqual({ nome: 'Rafael Souza', documento: CPF_MASCARADO, endereco: 'São Paulo/SP' });
    expect(doc.cliente).toEqual({ nome: 'Rafael Souza' });
    const nota = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}`);
    expect(nota.texto).toContain(CPF_MASCARADO);
    expect(nota.texto).toContain('São Paulo/SP');
  });

  it('prints neither the e-mail in the statement PDF nor the whole CPF and street in the note PDF a visitor downloads', async () => {
    const d = await vendaComArrematante();
    const { comprador, venda: v, CPF_FORMATADO, CPF_MASCARADO } = d;
    const extrato = await t.app.pedir('h1.localhost', `/extrato/${v.hashQrcode}.pdf`);
    expect(extrato.status).toBe(200);
    expect(textoDoPdf(extrato.bytes)).toContain('Rafael Souza');
    expect(textoDoPdf(extrato.bytes)).not.toContain(comprador.email);
    const nota = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}.pdf`);
    const texto = textoDoPdf(nota.bytes);
    expect(texto).toContain(CPF_MASCARADO);
    for (const segredo of [CPF_FORMATADO, RUA]) expect(texto).not.toContain(segredo);
    // The buyer's own download is whole.
    const proprio = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}.pdf`, { headers: { cookie: comprador.cookie } });
    expect(textoDoPdf(proprio.bytes)).toContain(CPF_FORMATADO);
  });

  it('the buyer logged in and sales staff read it whole; another client and a seller user with no seller read the paper', async () => {
    const d = await vendaComArrematante();
    const { comprador, venda: v, CPF_FORMATADO } = d;
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const outro = await criarCliente(t.banco.db, { nome: 'Outro Cliente' });
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    for (const [quem, headers] of [
      ['buyer', { cookie: comprador.cookie }],
      ['SAC', { cookie: sac.cookie }],
    ] as const) {
      const nota = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}`, { headers });
      expect(nota.texto, quem).toContain(CPF_FORMATADO);
      expect(nota.texto, quem).toContain(RUA);
      const extrato = await t.app.pedir('h1.localhost', `/extrato/${v.hashQrcode}?_data=routes%2Fextrato.%24hash`, { headers });
      expect(extrato.texto, quem).toContain(comprador.email);
    }
    const proprio = await t.app.pedir('h1.localhost', `/v1/nota-fiscal?hashs=${v.hashQrcode}`, { headers: comprador.auth });
    expect(proprio.json<{ vendas: { arrematante: { documento: string } }[] }>().vendas[0].arrematante.documento).toBe(CPF_FORMATADO);
    const equipe = await t.app.pedir('h1.localhost', `/v1/extrato-compra?hashs=${v.hashQrcode}`, { headers: sac.bearer });
    expect(equipe.json<{ vendas: { cliente: { email?: string } }[] }>().vendas[0].cliente.email).toBe(comprador.email);

    for (const [quem, headers] of [
      ['another client', { cookie: outro.cookie }],
      ['seller user', { cookie: comitente.cookie }],
    ] as const) {
      const nota = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}`, { headers });
      expect(nota.status, quem).toBe(200);
      for (const segredo of segredosDoComprador(d)) expect(nota.texto, `${quem} ${segredo}`).not.toContain(segredo);
    }
    const alheio = await t.app.pedir('h1.localhost', `/v1/nota-fiscal?hashs=${v.hashQrcode}`, { headers: outro.auth });
    for (const segredo of segredosDoComprador(d)) expect(alheio.texto, segredo).not.toContain(segredo);
  });
});
