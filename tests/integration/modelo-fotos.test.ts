import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lote, loteFoto, modeloFoto, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * Photo models (decision 221): staff of the brand list the shots a vehicle type's lots must have, and the
 * vehicle's photo tab says which of them no photo names yet, on upload too. Per brand, refused to other roles.
 */
const t = instanciaDeTeste();
const ROTA = '/admin/modelo-fotos-site';
const DADOS = `_data=${encodeURIComponent('routes/admin.veiculo.($uid)')}`;

const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    corpo: new URLSearchParams(campos).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });

async function enviarFoto(host: string, caminho: string, cookie: string) {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 80, b: 120 } } })
    .png()
    .toBuffer();
  const f = 'xFRONTEIRAx';
  const corpo = Buffer.concat([
    Buffer.from(`--${f}\r\nContent-Disposition: form-data; name="_acao"\r\n\r\nfotos\r\n`),
    Buffer.from(`--${f}\r\nContent-Disposition: form-data; name="fotos"; filename="frente.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${f}--\r\n`),
  ]);
  return t.app.pedir(host, caminho, { method: 'POST', corpo, headers: { cookie, 'content-type': `multipart/form-data; boundary=${f}` } });
}

describe('/admin/modelo-fotos-site', () => {
  it('saves the shots of a vehicle type for this brand only; MKT may too, SAC and clients may not', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await postar('h1.localhost', ROTA, adm.cookie, { veiculoTipoId: '1', posicoes: 'Frente\nTraseira\n\n  Painel ' });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('salvo: 3 fotos obrigatórias');
    const pagina = await t.app.pedir('h1.localhost', ROTA, { headers: { cookie: adm.cookie } });
    expect(pagina.texto).toContain('Frente\nTraseira\nPainel');
    const linhas = await t.banco.db.select().from(modeloFoto).where(eq(modeloFoto.veiculoTipoId, 1));
    expect(linhas.map((l) => [l.hotsiteId, l.posicoes])).toEqual([[1, ['Frente', 'Traseira', 'Painel']]]);

    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 14 });
    expect((await t.app.pedir('h14.localhost', ROTA, { headers: { cookie: outra.cookie } })).texto).not.toContain(
      'Frente\nTraseira\nPainel',
    );

    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    expect((await postar('h1.localhost', ROTA, mkt.cookie, { veiculoTipoId: '1', posicoes: 'Frente;Traseira' })).status).toBe(200);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    expect((await t.app.pedir('h1.localhost', ROTA, { headers: { cookie: sac.cookie } })).status).toBe(403);
    expect((await postar('h1.localhost', ROTA, sac.cookie, { veiculoTipoId: '1', posicoes: '' })).status).toBe(403);
  });

  it('refuses a repeated shot, an unknown type and a broken id with a pt-BR message, keeping the saved model', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 20 });
    await postar('h20.localhost', ROTA, adm.cookie, { veiculoTipoId: '1', posicoes: 'Frente' });
    const repetida = await postar('h20.localhost', ROTA, adm.cookie, { veiculoTipoId: '1', posicoes: 'Câmbio\ncambio' });
    expect(repetida.status).toBe(400);
    expect(repetida.texto).toContain('A foto &quot;cambio&quot; aparece mais de uma vez');
    expect((await postar('h20.localhost', ROTA, adm.cookie, { veiculoTipoId: '999999', posicoes: 'Frente' })).status).toBe(404);
    const ruim = await postar('h20.localhost', ROTA, adm.cookie, { veiculoTipoId: 'abc', posicoes: 'Frente' });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Tipo de veículo inválido');
    const [m] = await t.banco.db.select().from(modeloFoto).where(eq(modeloFoto.hotsiteId, 20));
    expect(m.posicoes).toEqual(['Frente']);
  });
});

describe('the vehicle photo tab and the photo model', () => {
  it("lists the missing shots, counts a named photo, refuses a name outside the model and another lot's photo", async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 1002 });
    await postar('h1002.localhost', ROTA, adm.cookie, { veiculoTipoId: '1', posicoes: 'Frente\nTraseira\nPainel' });
    const { loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1002 });
    const [l] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
    const [v] = await t.banco.db.select().from(veiculo).where(eq(veiculo.id, l.veiculoId));
    const caminho = `/admin/veiculo/${v.uid}?aba=fotos`;

    const antes = await t.app.pedir('h1002.localhost', caminho, { headers: { cookie: adm.cookie } });
    expect(antes.texto).toContain('faltam (3 de 3): Frente, Traseira, Painel');

    const envio = await enviarFoto('h1002.localhost', `${caminho}&${DADOS}`, adm.cookie);
    expect(envio.status, envio.texto).toBe(200);
    expect(envio.json()).toMatchObject({
      ok: true,
      mensagem: '1 foto enviada (1 no lote). Fotos obrigatórias que faltam: Frente, Traseira, Painel',
    });
    const [foto] = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId));

    const nomeada = await postar('h1002.localhost', `${caminho}&${DADOS}`, adm.cookie, {
      _acao: 'foto-posicao',
      fotoId: String(foto.id),
      posicao: 'frente',
    });
    expect(nomeada.json()).toMatchObject({ ok: true, mensagem: 'Foto atualizada. Faltam: Traseira, Painel' });
    const [depois] = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.id, foto.id));
    expect(depois.descricao).toBe('Frente');
    expect((await t.app.pedir('h1002.localhost', caminho, { headers: { cookie: adm.cookie } })).texto).toContain(
      'faltam (2 de 3): Traseira, Painel',
    );

    const fora = await postar('h1002.localhost', caminho, adm.cookie, { _acao: 'foto-posicao', fotoId: String(foto.id), posicao: 'Motor' });
    expect(fora.status).toBe(400);
    expect(fora.texto).toContain('não é uma foto obrigatória do modelo');

    const outro = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1002 });
    const [fotoAlheia] = await t.banco.db
      .insert(loteFoto)
      .values({ hotsiteId: 1002, loteId: outro.loteId, ordem: 1, url: '/x.webp' })
      .returning();
    const alheia = await postar('h1002.localhost', caminho, adm.cookie, {
      _acao: 'foto-posicao',
      fotoId: String(fotoAlheia.id),
      posicao: 'Traseira',
    });
    expect(alheia.status).toBe(404);
    const [intacta] = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.id, fotoAlheia.id));
    expect(intacta.descricao).toBeNull();

    // Unnaming brings the shot back to the missing list.
    await postar('h1002.localhost', caminho, adm.cookie, { _acao: 'foto-posicao', fotoId: String(foto.id), posicao: '' });
    expect((await t.app.pedir('h1002.localhost', caminho, { headers: { cookie: adm.cookie } })).texto).toContain('faltam (3 de 3)');
  });
});
