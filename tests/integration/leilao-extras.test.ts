import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { carimboFoto, comitente, hotsiteArquivo, leilao, leilaoComitente, leilaoDocumento, lote, loteFoto, patio } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/*
 * Issue #13, auction extras: documents, video URLs, copying unsold lots, photo stamps and approval, and
 * the lists lotes-para-importacao, local-realizacao-leiloes, privado and lista-site/caixa-economica.
 * Each with its roles, bad input answered 4xx in pt-BR, and another brand seeing nothing.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const OUTRA = 'h14.localhost';
type Staff = Awaited<ReturnType<typeof entrarComoStaff>>;
let leilaoStaff: Staff;
let adm: Staff;
let dev: Staff;
let acerto: Staff;
let admOutra: Staff;
let patioId: number;

beforeAll(async () => {
  leilaoStaff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
  adm = await entrarComoStaff(t.banco.db, [P.ADM]);
  dev = await entrarComoStaff(t.banco.db, [P.DEV]);
  acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
  admOutra = await entrarComoStaff(t.banco.db, [P.ADM, P.LEILAO], { hotsiteId: 14 });
  [{ id: patioId }] = await t.banco.db.select({ id: patio.id }).from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
});

const emUmaSemana = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const api = (s: Staff, metodo: string, caminho: string, corpo?: unknown, host = H) =>
  t.app.pedir(host, `/v1${caminho}`, { method: metodo, headers: s.bearer, corpo });
const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});
const pagina = (cookie: string, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

/** A multipart body: text fields and files. */
function multipart(campos: Record<string, string>, arquivos: { campo: string; nome: string; tipo: string; conteudo: Buffer }[]) {
  const f = `xFRONTEIRA${Math.random().toString(36).slice(2)}x`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos))
    partes.push(Buffer.from(`--${f}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const a of arquivos) {
    partes.push(
      Buffer.from(`--${f}\r\nContent-Disposition: form-data; name="${a.campo}"; filename="${a.nome}"\r\nContent-Type: ${a.tipo}\r\n\r\n`),
    );
    partes.push(a.conteudo, Buffer.from('\r\n'));
  }
  partes.push(Buffer.from(`--${f}--\r\n`));
  return { tipo: `multipart/form-data; boundary=${f}`, corpo: Buffer.concat(partes) };
}
const enviar = (cookie: string, caminho: string, m: ReturnType<typeof multipart>) =>
  t.app.pedir(H, caminho, { method: 'POST', headers: { cookie, 'content-type': m.tipo }, corpo: m.corpo });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function novoLeilao(nome: string, s: Staff = leilaoStaff, host = H) {
  const r = await api(s, 'POST', '/leiloes', { nome, dia: emUmaSemana(), modalidade: 'Online' }, host);
  expect(r.status, r.texto).toBe(201);
  return r.json<{ id: number; uid: string }>();
}
async function novoLote(leilaoId: number, placa: string, extra: Record<string, unknown> = {}) {
  const v = await api(leilaoStaff, 'POST', '/veiculos', {
    nome: `Onix LT ${placa}`,
    modelo: 'Onix',
    veiculoTipoId: 1,
    marcaNome: 'Chevrolet',
    anoFabricacao: 2020,
    anoModelo: 2021,
    placa,
    patioId,
  });
  expect(v.status, v.texto).toBe(201);
  const veiculo = v.json<{ id: number; uid: string }>();
  const l = await api(leilaoStaff, 'POST', `/leiloes/${leilaoId}/lotes`, {
    veiculoUid: veiculo.uid,
    minimo: 20_000_00,
    incremento: 500_00,
    valorComitente: 25_000_00,
    despachante: 300_00,
    ...extra,
  });
  expect(l.status, l.texto).toBe(201);
  return { loteId: l.json<{ id: number }>().id, veiculo };
}

describe('auction documents', () => {
  it('ADM uploads an edital (PDF by its bytes); the public lot page and its file show it; removal; roles, bad files, other brand', async () => {
    const { id, uid } = await novoLeilao('Leilão Documentos');
    const { loteId } = await novoLote(id, 'DOC1A23');
    const caminho = `/admin/documentos-leilao/${uid}`;

    const tela = await pagina(adm.cookie, caminho);
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain('Nenhum documento enviado.');

    const falso = await enviar(
      adm.cookie,
      caminho,
      multipart({ _acao: 'enviar', tipo: 'EDITAL' }, [
        { campo: 'arquivo', nome: 'edital.pdf', tipo: 'application/pdf', conteudo: Buffer.from('<html>não sou pdf</html>') },
      ]),
    );
    expect(falso.status).toBe(400);
    expect(falso.texto).toContain('Tipo de arquivo não aceito. Envie um PDF');
    const semArquivo = await enviar(adm.cookie, caminho, multipart({ _acao: 'enviar', tipo: 'EDITAL' }, []));
    expect(semArquivo.status).toBe(400);
    expect(semArquivo.texto).toContain('Selecione o arquivo do documento');
    const tipoRuim = await enviar(
      adm.cookie,
      caminho,
      multipart({ _acao: 'enviar', tipo: 'CONTRATO' }, [{ campo: 'arquivo', nome: 'a.pdf', tipo: 'application/pdf', conteudo: PDF }]),
    );
    expect(tipoRuim.status).toBe(400);
    expect(tipoRuim.texto).toContain('Tipo de documento inválido');
    const grande = await enviar(
      adm.cookie,
      caminho,
      multipart({ _acao: 'enviar', tipo: 'OUTRO' }, [
        { campo: 'arquivo', nome: 'g.pdf', tipo: 'application/pdf', conteudo: Buffer.concat([PDF, Buffer.alloc(10_100_000)]) },
      ]),
    );
    expect(grande.status).toBe(413);

    const ok = await enviar(
      acerto.cookie,
      caminho,
      multipart({ _acao: 'enviar', tipo: 'EDITAL', descricao: 'Edital do leilão' }, [
        { campo: 'arquivo', nome: 'edital-leilão.pdf', tipo: 'application/octet-stream', conteudo: PDF },
      ]),
    );
    expect(ok.status, ok.texto).toBe(200);
    expect(ok.texto).toContain('Salvo com sucesso');
    const [doc] = await t.banco.db.select().from(leilaoDocumento).where(eq(leilaoDocumento.leilaoId, id));
    expect(doc).toMatchObject({ hotsiteId: 1, tipo: 'EDITAL', descricao: 'Edital do leilão', tamanho: PDF.length });

    const arquivo = await t.app.pedir(H, `/leilao-documento/${doc.uid}.pdf`);
    expect(arquivo.status).toBe(200);
    expect(arquivo.headers['content-type']).toBe('application/pdf');
    expect(arquivo.headers['x-content-type-options']).toContain('nosniff');
    const publico = (await t.app.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{
      leilao: { documentos: { descricao: string; url: string }[] };
    }>();
    expect(publico.leilao.documentos).toEqual([{ tipo: 'EDITAL', descricao: 'Edital do leilão', url: `/leilao-documento/${doc.uid}.pdf` }]);

    // Another brand: neither the file nor the auction's screen.
    expect((await t.app.pedir(OUTRA, `/leilao-documento/${doc.uid}.pdf`)).status).toBe(404);
    expect((await pagina(admOutra.cookie, caminho, OUTRA)).status).toBe(404);
    // Roles: ADM and Acerto (the auction's settlement documents); Leilão is refused.
    const proibido = await pagina(leilaoStaff.cookie, caminho);
    expect(proibido.status).toBe(403);
    expect(proibido.texto).toContain('Você não tem a permissão necessária para acessar esta página');

    const removido = await t.app.pedir(H, caminho, formulario(adm.cookie, { _acao: 'remover', uid: doc.uid }));
    expect(removido.texto).toContain('Item apagado com sucesso');
    expect((await t.app.pedir(H, `/leilao-documento/${doc.uid}.pdf`)).status).toBe(404);
    const deNovo = await t.app.pedir(H, caminho, formulario(adm.cookie, { _acao: 'remover', uid: doc.uid }));
    expect(deNovo.status).toBe(404);
    expect(deNovo.texto).toContain('Documento não encontrado');
  });
});

describe('auction video URLs', () => {
  it('Dev adds checked URLs; activating one makes it the auditorium video (on-transmissao); removal; roles, bad URL, other brand', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const caminho = `/admin/leilao-url-videos/${leilaoUid}`;
    const ruim = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'adicionar', url: 'https://example.com/video.mp4' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Endereço de vídeo inválido: use um link do YouTube, do Vimeo ou um stream HLS (.m3u8) com https');
    const js = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'adicionar', url: 'javascript:alert(1)' }));
    expect(js.status).toBe(400);

    expect((await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'adicionar', url: 'https://vimeo.com/123456789' }))).status).toBe(
      200,
    );
    const repetido = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'adicionar', url: 'https://vimeo.com/123456789' }));
    expect(repetido.status).toBe(409);
    expect(repetido.texto).toContain('Este vídeo já está na lista do leilão');

    const cliente = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Rui Prado' });
    const ws = await conectarWs(t.app.port, H, { token: cliente.token });
    ws.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
    await ws.esperar('sala-conectada');
    const yt = 'https://www.youtube.com/watch?v=abcdefghijk';
    const ativo = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'adicionar', url: yt, ativar: 'on' }));
    expect(ativo.status, ativo.texto).toBe(200);
    const evento = await ws.esperar('on-transmissao');
    expect(evento.data).toMatchObject({ leilaoUid, url: yt, videoAtivo: true });
    const [l] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
    expect(l.transmissaoUrl).toBe(yt);
    expect(l.videos).toEqual(['https://vimeo.com/123456789', yt]);
    // The auditorium page opens with it.
    const auditorio = await t.app.pedir(H, `/auditorio/${leilaoUid}`, { headers: { cookie: cliente.cookie } });
    expect(auditorio.texto).toContain('youtube-nocookie.com/embed/abcdefghijk');

    const tela = await pagina(dev.cookie, caminho);
    expect(tela.texto).toContain('Ativo');
    await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'ativar', url: 'https://vimeo.com/123456789' }));
    expect((await ws.esperar('on-transmissao', (d) => d.url === 'https://vimeo.com/123456789')).data).toMatchObject({ videoAtivo: true });
    await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'remover', url: 'https://vimeo.com/123456789' }));
    const [depois] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
    expect(depois).toMatchObject({ transmissaoUrl: null, videos: [yt] });
    ws.fechar();

    const semVideo = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'ativar', url: 'https://vimeo.com/999999' }));
    expect(semVideo.status).toBe(404);
    expect(semVideo.texto).toContain('Vídeo não encontrado neste leilão');
    // Spec 000 §6: Dev only.
    expect((await pagina(adm.cookie, caminho)).status).toBe(403);
    const devOutra = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId: 14 });
    expect((await pagina(devOutra.cookie, caminho, OUTRA)).status).toBe(404);
  });
});

describe('copy unsold lots to the next auction', () => {
  it('copies NAO_ARREMATADO lots with vehicle, values and photos once; a second run copies nothing; closed or foreign targets refused', async () => {
    const origem = await novoLeilao('Leilão Origem');
    const naoVendido = await novoLote(origem.id, 'CPY1A11', { descricao: 'Motor revisado' });
    const cancelado = await novoLote(origem.id, 'CPY1A12');
    const vendido = await novoLote(origem.id, 'CPY1A13');
    await t.banco.db.update(lote).set({ situacao: 'NAO_ARREMATADO', quantidadeFotos: 2 }).where(eq(lote.id, naoVendido.loteId));
    await t.banco.db.update(lote).set({ situacao: 'LOTE_CANCELADO' }).where(eq(lote.id, cancelado.loteId));
    await t.banco.db.update(lote).set({ situacao: 'AG_PAGAMENTO' }).where(eq(lote.id, vendido.loteId));
    await t.banco.db.insert(loteFoto).values([
      { hotsiteId: 1, loteId: naoVendido.loteId, ordem: 1, url: '/marca/arquivo/a.webp', urlMiniatura: '/marca/arquivo/a-mini.webp' },
      { hotsiteId: 1, loteId: naoVendido.loteId, ordem: 2, url: '/marca/arquivo/b.webp' },
    ]);
    const destino = await novoLeilao('Leilão Próximo');
    const fechado = await novoLeilao('Leilão Fechado');
    await t.banco.db.update(leilao).set({ situacao: 'EXECUTADO' }).where(eq(leilao.id, fechado.id));
    const estrangeiro = await novoLeilao('Leilão de outra marca', admOutra, OUTRA);

    const lista = (await api(leilaoStaff, 'GET', `/leiloes/lotes-para-importacao/${origem.id}`)).json<
      { lote: { id: number }; jaCopiado: boolean; fotosJsonUrls: string[] }[]
    >();
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      lote: { id: naoVendido.loteId },
      jaCopiado: false,
      fotosJsonUrls: ['/marca/arquivo/a.webp', '/marca/arquivo/b.webp'],
    });

    const tela = await pagina(leilaoStaff.cookie, `/admin/leilao/${origem.id}`);
    expect(tela.texto).toContain('Copiar lotes não arrematados para');
    expect(tela.texto).toContain('Leilão Próximo');

    const copia = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: String(destino.id) }),
    );
    expect(copia.status, copia.texto).toBe(200);
    expect(copia.texto).toContain('1 lote copiado para &quot;Leilão Próximo&quot;');
    const novos = await t.banco.db.select().from(lote).where(eq(lote.leilaoId, destino.id));
    expect(novos).toHaveLength(1);
    expect(novos[0]).toMatchObject({
      veiculoId: naoVendido.veiculo.id,
      situacao: 'CADASTRADO',
      minimo: 20_000_00,
      incremento: 500_00,
      valorComitente: 25_000_00,
      despachante: 300_00,
      descricao: 'Motor revisado',
      quantidadeFotos: 2,
      numero: '001',
    });
    const fotos = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, novos[0].id)).orderBy(loteFoto.ordem);
    expect(fotos.map((f) => f.url)).toEqual(['/marca/arquivo/a.webp', '/marca/arquivo/b.webp']);

    const deNovo = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: String(destino.id) }),
    );
    expect(deNovo.texto).toContain(
      'Nenhum lote copiado para &quot;Leilão Próximo&quot;; 1 lote já tinha sido copiado ou está em outro leilão',
    );
    expect(await t.banco.db.select().from(lote).where(eq(lote.leilaoId, destino.id))).toHaveLength(1);
    const depois = (await api(leilaoStaff, 'GET', `/leiloes/lotes-para-importacao/${origem.id}`)).json<{ jaCopiado: boolean }[]>();
    expect(depois[0].jaCopiado).toBe(true);

    const paraFechado = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: String(fechado.id) }),
    );
    expect(paraFechado.status).toBe(409);
    expect(paraFechado.texto).toContain('O leilão de destino precisa estar Em loteamento ou Criado');
    const paraOutraMarca = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: String(estrangeiro.id) }),
    );
    expect(paraOutraMarca.status).toBe(400);
    expect(paraOutraMarca.texto).toContain('Leilão não encontrado');
    const semDestino = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: 'abc' }),
    );
    expect(semDestino.status).toBe(400);
    expect(semDestino.texto).toContain('Escolha o leilão de destino');
    const paraSi = await t.app.pedir(
      H,
      `/admin/leilao/${origem.id}`,
      formulario(leilaoStaff.cookie, { _acao: 'copiar-lotes', leilaoDestinoId: String(origem.id) }),
    );
    expect(paraSi.status).toBe(400);

    // The list API: bad id, other brand, role.
    const idRuim = await api(leilaoStaff, 'GET', '/leiloes/lotes-para-importacao/abc');
    expect(idRuim.status).toBe(400);
    expect(idRuim.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    expect((await api(admOutra, 'GET', `/leiloes/lotes-para-importacao/${origem.id}`, undefined, OUTRA)).status).toBe(404);
    expect((await api(acerto, 'GET', `/leiloes/lotes-para-importacao/${origem.id}`)).status).toBe(403);
  });
});

/** The stored bytes behind a /marca/arquivo/<sha256>.webp path. */
async function bytesDoArquivo(url: string) {
  const sha = /([a-f0-9]{64})/.exec(url)![1];
  const [a] = await t.banco.db
    .select()
    .from(hotsiteArquivo)
    .where(and(eq(hotsiteArquivo.hotsiteId, 1), eq(hotsiteArquivo.sha256, sha)));
  return a.conteudo;
}

/** A uniform dark PNG (any pixel brighter than it came from a stamp). */
const escura = (w = 1600, h = 1200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 20, b: 20 } } })
    .png()
    .toBuffer();

describe('photo stamps and approval', () => {
  it('ADM creates a text stamp; photos stored afterwards carry it; roles and bad input', async () => {
    const semTexto = await enviar(
      adm.cookie,
      '/admin/carimbo-fotos',
      multipart({ _acao: 'criar', nome: 'Marca', tipo: 'TEXTO', ativo: 'on' }, []),
    );
    expect(semTexto.status).toBe(400);
    expect(semTexto.texto).toContain('Informe o texto do carimbo');
    const semImagem = await enviar(
      adm.cookie,
      '/admin/carimbo-fotos',
      multipart({ _acao: 'criar', nome: 'Logo', tipo: 'IMAGEM', ativo: 'on' }, []),
    );
    expect(semImagem.status).toBe(400);
    expect(semImagem.texto).toContain('Envie a imagem do carimbo (PNG, JPEG ou WebP)');
    const imagemRuim = await enviar(
      adm.cookie,
      '/admin/carimbo-fotos',
      multipart({ _acao: 'criar', nome: 'Logo', tipo: 'IMAGEM', ativo: 'on' }, [
        { campo: 'imagem', nome: 'x.png', tipo: 'image/png', conteudo: Buffer.from('não é imagem') },
      ]),
    );
    expect(imagemRuim.status).toBe(400);
    expect(imagemRuim.texto).toContain('A imagem do carimbo deve ser PNG, JPEG ou WebP');
    const opacidade = await enviar(
      adm.cookie,
      '/admin/carimbo-fotos',
      multipart({ _acao: 'criar', nome: 'Marca', tipo: 'TEXTO', texto: 'X', opacidade: '300' }, []),
    );
    expect(opacidade.status).toBe(400);
    expect(opacidade.texto).toContain('Opacidade deve estar entre 5 e 100%');
    expect((await pagina(leilaoStaff.cookie, '/admin/carimbo-fotos')).status).toBe(403);

    const ok = await enviar(
      adm.cookie,
      '/admin/carimbo-fotos',
      multipart(
        {
          _acao: 'criar',
          nome: 'Marca d’água',
          tipo: 'TEXTO',
          texto: 'MARTELO',
          posicao: 'centro',
          opacidade: '100',
          largura: '60',
          ativo: 'on',
        },
        [],
      ),
    );
    expect(ok.status, ok.texto).toBe(200);
    expect((await pagina(adm.cookie, '/admin/carimbo-fotos')).texto).toContain('Texto: MARTELO');
    // Another brand does not see it.
    expect((await pagina(admOutra.cookie, '/admin/carimbo-fotos', OUTRA)).texto).not.toContain('MARTELO');

    const { id } = await novoLeilao('Leilão Carimbo');
    const { loteId, veiculo } = await novoLote(id, 'CAR1B22');
    const envio = await enviar(
      leilaoStaff.cookie,
      `/admin/veiculo/${veiculo.uid}?aba=fotos`,
      multipart({ _acao: 'fotos' }, [{ campo: 'fotos', nome: 'frente.png', tipo: 'image/png', conteudo: await escura() }]),
    );
    expect(envio.status, envio.texto).toBe(200);
    const [foto] = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId));
    const stats = await sharp(await bytesDoArquivo(foto.url)).stats();
    expect(stats.channels[0].max).toBeGreaterThan(200);

    // Turned off: the next photo is stored as sent.
    const [c] = await t.banco.db.select().from(carimboFoto).where(eq(carimboFoto.hotsiteId, 1));
    expect((await t.app.pedir(H, '/admin/carimbo-fotos', formulario(adm.cookie, { _acao: 'desativar', id: String(c.id) }))).status).toBe(
      200,
    );
    await enviar(
      leilaoStaff.cookie,
      `/admin/veiculo/${veiculo.uid}?aba=fotos`,
      multipart({ _acao: 'fotos' }, [{ campo: 'fotos', nome: 'traseira.png', tipo: 'image/png', conteudo: await escura() }]),
    );
    const fotos = await t.banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId)).orderBy(loteFoto.ordem);
    expect((await sharp(await bytesDoArquivo(fotos[1].url)).stats()).channels[0].max).toBeLessThan(60);
  });

  it('an auction that asks for approval hides new photos until Dev approves; refused ones are removed; photos already public stay', async () => {
    const { id, uid } = await novoLeilao('Leilão Aprovação');
    const { loteId, veiculo } = await novoLote(id, 'APR1C33');
    await t.banco.db.insert(loteFoto).values({ hotsiteId: 1, loteId, ordem: 1, url: '/marca/arquivo/antiga.webp' });
    await t.banco.db.update(lote).set({ quantidadeFotos: 1 }).where(eq(lote.id, loteId));
    const caminho = `/admin/aprovar-fotos-leilao?leilao=${uid}`;
    expect((await pagina(adm.cookie, caminho)).status).toBe(403);
    const exigir = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'exigir', exigir: 'true' }));
    expect(exigir.texto).toContain('As novas fotos deste leilão aguardarão aprovação');

    const envio = await enviar(
      leilaoStaff.cookie,
      `/admin/veiculo/${veiculo.uid}?aba=fotos`,
      multipart({ _acao: 'fotos' }, [
        { campo: 'fotos', nome: 'a.png', tipo: 'image/png', conteudo: await escura(800, 600) },
        {
          campo: 'fotos',
          nome: 'b.png',
          tipo: 'image/png',
          conteudo: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 10, b: 10 } } })
            .png()
            .toBuffer(),
        },
      ]),
    );
    expect(envio.status, envio.texto).toBe(200);
    const novas = await t.banco.db
      .select()
      .from(loteFoto)
      .where(and(eq(loteFoto.loteId, loteId), eq(loteFoto.aprovada, false)))
      .orderBy(loteFoto.ordem);
    expect(novas).toHaveLength(2);
    const antes = (await t.app.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{ fotosUrls: string[]; quantidadeFotos: number }>();
    expect(antes).toMatchObject({ fotosUrls: ['/marca/arquivo/antiga.webp'], quantidadeFotos: 1 });

    const tela = await pagina(dev.cookie, caminho);
    expect(tela.texto).toContain('2 aguardando aprovação');
    const idsRuins = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'aprovar', fotoId: '999999999' }));
    expect(idsRuins.status).toBe(404);
    expect(idsRuins.texto).toContain('Foto não encontrada neste leilão');
    const nenhuma = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'aprovar' }));
    expect(nenhuma.status).toBe(400);
    expect(nenhuma.texto).toContain('Escolha ao menos uma foto');

    const aprovada = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'aprovar', fotoId: String(novas[0].id) }));
    expect(aprovada.texto).toContain('1 foto aprovada');
    const reprovada = await t.app.pedir(H, caminho, formulario(dev.cookie, { _acao: 'reprovar', fotoId: String(novas[1].id) }));
    expect(reprovada.texto).toContain('1 foto reprovada e removida');
    const depois = (await t.app.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{ fotosUrls: string[]; quantidadeFotos: number }>();
    expect(depois).toMatchObject({ fotosUrls: ['/marca/arquivo/antiga.webp', novas[0].url], quantidadeFotos: 2 });

    // Another brand's developer cannot open this auction.
    const devOutra = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId: 14 });
    expect((await pagina(devOutra.cookie, caminho, OUTRA)).status).toBe(404);
  });
});

describe('auction lists of the API', () => {
  it('privado (counters), local-realizacao-leiloes/lista and lista-site/caixa-economica, each of its own brand', async () => {
    const { id, uid } = await novoLeilao('Leilão Caixa Imóveis e Veículos');
    const put = await api(leilaoStaff, 'PUT', `/leiloes/${id}`, {
      nome: 'Leilão Caixa Imóveis e Veículos',
      dia: emUmaSemana(),
      localRealizacao: { nome: 'Auditório Paulista', endereco: 'Av. Paulista, 1000', cidade: 'São Paulo', telefone: '(11) 3000-0000' },
    });
    expect(put.status, put.texto).toBe(200);
    const { loteId } = await novoLote(id, 'CXA1D44');
    await t.banco.db.update(lote).set({ video: 'https://youtu.be/abcdefghijk' }).where(eq(lote.id, loteId));
    await novoLote(id, 'CXA1D45');
    await t.banco.db.insert(leilaoDocumento).values({
      hotsiteId: 1,
      leilaoId: id,
      tipo: 'EDITAL',
      descricao: 'Edital',
      nomeArquivo: 'e.pdf',
      tamanho: PDF.length,
      conteudo: PDF,
    });

    const privado = await api(leilaoStaff, 'GET', '/leiloes/privado?limit=1000');
    expect(privado.status).toBe(200);
    const meu = privado.json<{ uid: string }[]>().find((l) => l.uid === uid);
    expect(meu).toMatchObject({
      id,
      documentosLeilao: { qtdDocumentos: 1, qtdAguardando: 0, qtdAcertos: 0 },
      videosLeilao: { qtdLotes: 2, qtdLotesComVideo: 1, qtdLotesSemVideo: 1 },
      comitenteAcompanhar: { qtdLotes: 2, qtdCondicionaisAguardando: 0, qtdVendido: 0 },
    });
    const ruim = await api(leilaoStaff, 'GET', '/leiloes/privado?limit=0');
    expect(ruim.status).toBe(400);
    expect(ruim.json()).toMatchObject({ message: expect.stringContaining('limit deve estar entre 1 e 1000') });
    expect((await api(leilaoStaff, 'GET', '/leiloes/privado?situacao=QUALQUER')).status).toBe(400);
    expect((await api(acerto, 'GET', '/leiloes/privado')).status).toBe(403);
    expect((await t.app.pedir(H, '/v1/leiloes/privado')).status).toBe(401);
    const daOutra = (await api(admOutra, 'GET', '/leiloes/privado', undefined, OUTRA)).json<{ uid: string }[]>();
    expect(daOutra.some((l) => l.uid === uid)).toBe(false);

    const locais = (await api(leilaoStaff, 'GET', '/leiloes/local-realizacao-leiloes/lista')).json<{ nome: string }[]>();
    expect(locais).toContainEqual({
      id: null,
      lcpId: null,
      nome: 'Auditório Paulista',
      endereco: 'Av. Paulista, 1000',
      cidade: 'São Paulo',
      telefone: '(11) 3000-0000',
    });
    const locaisOutra = (await api(admOutra, 'GET', '/leiloes/local-realizacao-leiloes/lista', undefined, OUTRA)).json<
      { nome: string }[]
    >();
    expect(locaisOutra.some((l) => l.nome === 'Auditório Paulista')).toBe(false);

    // Not a Caixa auction yet; then a Caixa seller's logo on it.
    const antes = (await t.app.pedir(H, '/v1/leiloes/lista-site/caixa-economica')).json<{ uid: string }[]>();
    expect(antes.some((l) => l.uid === uid)).toBe(false);
    const [cef] = await t.banco.db
      .insert(comitente)
      .values({ hotsiteId: 1, nomeSite: 'Caixa', razaoSocial: 'Caixa Econômica Federal', cnpj: '00.360.305/0001-04' })
      .returning({ id: comitente.id });
    await t.banco.db.insert(leilaoComitente).values({ hotsiteId: 1, leilaoId: id, comitenteId: cef.id });
    const caixa = await t.app.pedir(H, '/v1/leiloes/lista-site/caixa-economica');
    expect(caixa.status).toBe(200);
    const itens = caixa.json<{ uid: string; nomeSemData: string }[]>();
    expect(itens.map((l) => l.uid)).toContain(uid);
    expect(itens.every((l) => typeof l.nomeSemData === 'string')).toBe(true);
    expect(caixa.headers.count).toBe(String(itens.length));
    expect((await t.app.pedir(OUTRA, '/v1/leiloes/lista-site/caixa-economica')).json<{ uid: string }[]>().some((l) => l.uid === uid)).toBe(
      false,
    );
    const mesRuim = await t.app.pedir(H, '/v1/leiloes/lista-site/caixa-economica?porMes=2026-13');
    expect(mesRuim.status).toBe(400);
    expect(mesRuim.json()).toMatchObject({ message: expect.stringContaining('porMes deve estar no formato AAAA-MM') });
  });
});
