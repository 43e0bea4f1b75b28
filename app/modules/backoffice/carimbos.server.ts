import '~/utils/zod-pt-br';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { carimboFoto, POSICOES_CARIMBO, TIPOS_CARIMBO, type PosicaoCarimbo } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { sharp as carregarSharp } from '~/utils/bibliotecas.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { booleano, inteiro } from '~/modules/dominio/campos';

/*
 * Photo stamp models (/admin/carimbo-fotos, ADM; issue #13, decision 069): a text or an image laid over
 * the lot photos the back office stores while the model is active, at one of nine positions, with an
 * opacity and a width in percent of the photo. Applied by sharp when the photo is stored (the stored
 * file is the stamped one, so every page and card shows it without work per request); photos stored
 * before a model existed keep their look.
 */

export const CARIMBO_IMAGEM_BYTES_MAXIMO = 2_000_000;
export const MENSAGENS_CARIMBO = {
  textoObrigatorio: 'Informe o texto do carimbo',
  imagemObrigatoria: 'Envie a imagem do carimbo (PNG, JPEG ou WebP)',
  imagemInvalida: 'A imagem do carimbo deve ser PNG, JPEG ou WebP',
  imagemGrande: 'Imagem do carimbo muito grande. O limite é 2 MB',
  naoEncontrado: 'Carimbo não encontrado',
} as const;

const GRAVIDADE: Record<PosicaoCarimbo, string> = {
  'superior-esquerda': 'northwest',
  superior: 'north',
  'superior-direita': 'northeast',
  esquerda: 'west',
  centro: 'centre',
  direita: 'east',
  'inferior-esquerda': 'southwest',
  inferior: 'south',
  'inferior-direita': 'southeast',
};

export const carimboSchema = z
  .object({
    nome: textoLivre(80).pipe(z.string().min(2, 'Informe o nome do carimbo')),
    tipo: z.enum(TIPOS_CARIMBO, { error: 'Tipo de carimbo inválido: TEXTO ou IMAGEM' }),
    texto: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), textoLivre(60).optional()),
    posicao: z.enum(POSICOES_CARIMBO, { error: 'Posição do carimbo inválida' }).default('inferior-direita'),
    opacidade: inteiro(5, 100, 'Opacidade deve estar entre 5 e 100%').default(60),
    largura: inteiro(5, 100, 'Largura deve estar entre 5 e 100% da foto').default(25),
    ativo: booleano.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'TEXTO' && !v.texto) ctx.addIssue({ code: 'custom', path: ['texto'], message: MENSAGENS_CARIMBO.textoObrigatorio });
  });

export interface Carimbo {
  tipo: (typeof TIPOS_CARIMBO)[number];
  texto: string | null;
  imagem: Buffer | null;
  posicao: PosicaoCarimbo;
  opacidade: number;
  largura: number;
}

export async function listarCarimbos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({
      id: carimboFoto.id,
      uid: carimboFoto.uid,
      nome: carimboFoto.nome,
      tipo: carimboFoto.tipo,
      texto: carimboFoto.texto,
      posicao: carimboFoto.posicao,
      opacidade: carimboFoto.opacidade,
      largura: carimboFoto.largura,
      ativo: carimboFoto.ativo,
    })
    .from(carimboFoto)
    .where(eq(carimboFoto.hotsiteId, hotsiteId))
    .orderBy(asc(carimboFoto.id));
}

/** The brand's active stamps, in creation order (the last one lies on top). */
export async function carimbosAtivos(db: Db | Tx, hotsiteId: number): Promise<Carimbo[]> {
  return db
    .select({
      tipo: carimboFoto.tipo,
      texto: carimboFoto.texto,
      imagem: carimboFoto.imagem,
      posicao: carimboFoto.posicao,
      opacidade: carimboFoto.opacidade,
      largura: carimboFoto.largura,
    })
    .from(carimboFoto)
    .where(and(eq(carimboFoto.hotsiteId, hotsiteId), eq(carimboFoto.ativo, true)))
    .orderBy(asc(carimboFoto.id));
}

/** The stamp image, checked by sharp and kept as PNG (transparency survives). */
async function imagemDoCarimbo(conteudo: Buffer) {
  const sharp = await carregarSharp();
  if (conteudo.length > CARIMBO_IMAGEM_BYTES_MAXIMO)
    throw new ErroHttp(413, MENSAGENS_CARIMBO.imagemGrande, { imagem: [MENSAGENS_CARIMBO.imagemGrande] });
  try {
    const meta = await sharp(conteudo).metadata();
    if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format) || (meta.width ?? 0) * (meta.height ?? 0) > 16_000_000)
      throw new Error();
    return await sharp(conteudo).png().toBuffer();
  } catch {
    throw new ErroHttp(400, MENSAGENS_CARIMBO.imagemInvalida, { imagem: [MENSAGENS_CARIMBO.imagemInvalida] });
  }
}

export async function criarCarimbo({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  imagem,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  imagem: Buffer | null;
}) {
  const e = carimboSchema.parse(entrada);
  let png: Buffer | null = null;
  if (e.tipo === 'IMAGEM') {
    if (!imagem?.length) throw new ErroHttp(400, MENSAGENS_CARIMBO.imagemObrigatoria, { imagem: [MENSAGENS_CARIMBO.imagemObrigatoria] });
    png = await imagemDoCarimbo(imagem);
  }
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(carimboFoto)
      .values({ hotsiteId, ...e, texto: e.tipo === 'TEXTO' ? e.texto! : null, imagem: png })
      .returning({ id: carimboFoto.id, uid: carimboFoto.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'carimbo_foto', entidadeId: c.id, acao: 'criou' });
    return c;
  });
}

/** Turns a model on or off, or removes it. Photos already stamped keep the stamp. */
export async function alterarCarimbo({
  db,
  hotsiteId,
  usuarioId,
  id,
  acao,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  id: number;
  acao: 'ativar' | 'desativar' | 'remover';
}) {
  await db.transaction(async (tx) => {
    const onde = and(eq(carimboFoto.hotsiteId, hotsiteId), eq(carimboFoto.id, id));
    const linhas =
      acao === 'remover'
        ? await tx.delete(carimboFoto).where(onde).returning({ id: carimboFoto.id })
        : await tx
            .update(carimboFoto)
            .set({ ativo: acao === 'ativar', updatedAt: new Date() })
            .where(onde)
            .returning({ id: carimboFoto.id });
    if (!linhas.length) throw naoEncontrado(MENSAGENS_CARIMBO.naoEncontrado);
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'carimbo_foto', entidadeId: id, acao: 'alterou', detalhes: { acao } });
  });
}

const ENTIDADES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escaparXml = (t: string) => t.replace(/[<>&'"]/g, (c) => ENTIDADES[c]);

/** One stamp as an RGBA PNG of the given width, its opacity already applied. */
async function camadaDoCarimbo(c: Carimbo, largura: number): Promise<Buffer> {
  const sharp = await carregarSharp();
  if (c.tipo === 'TEXTO') {
    const texto = c.texto ?? '';
    const fonte = Math.max(10, Math.round(Math.min(largura / Math.max(texto.length * 0.6, 1), largura / 2)));
    const altura = Math.round(fonte * 1.5);
    const o = c.opacidade / 100;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${largura}" height="${altura}"><text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${fonte}" fill="#ffffff" fill-opacity="${o}" stroke="#000000" stroke-opacity="${o}" stroke-width="${Math.max(1, Math.round(fonte / 24))}">${escaparXml(texto)}</text></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  }
  const alfa = Math.round((c.opacidade / 100) * 255);
  const redimensionada = await sharp(c.imagem!).resize({ width: largura }).ensureAlpha().png().toBuffer();
  // Multiplies the image's own alpha by the opacity (dest-in keeps the image where the tile is opaque).
  return sharp(redimensionada)
    .composite([{ input: Buffer.from([255, 255, 255, alfa]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** Lays the stamps over a photo (any format sharp reads) and answers a WebP. No stamps: the photo as it was. */
export async function aplicarCarimbos(foto: Buffer, carimbos: Carimbo[], qualidade = 80): Promise<Buffer> {
  if (!carimbos.length) return foto;
  const sharp = await carregarSharp();
  const { width = 0, height = 0 } = await sharp(foto).metadata();
  if (!width || !height) return foto;
  const camadas = [];
  for (const c of carimbos) {
    if (c.tipo === 'IMAGEM' && !c.imagem) continue;
    const largura = Math.max(8, Math.min(width, Math.round((width * c.largura) / 100)));
    let camada = await camadaDoCarimbo(c, largura);
    const m = await sharp(camada).metadata();
    // A stamp taller than the photo (a tall logo on a thumbnail) is scaled down to fit.
    if ((m.height ?? 0) > height) camada = await sharp(camada).resize({ height }).png().toBuffer();
    camadas.push({ input: camada, gravity: GRAVIDADE[c.posicao] });
  }
  if (!camadas.length) return foto;
  return sharp(foto).composite(camadas).webp({ quality: qualidade }).toBuffer();
}
