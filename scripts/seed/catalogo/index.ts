import { count, eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import {
  banner,
  comitente,
  estadoConservacao,
  frete,
  hotsite,
  leilao,
  leilaoComitente,
  leilaoLote,
  leiloeiro,
  lote,
  loteArquivo,
  loteFoto,
  marca,
  patio,
  unidadeFederativa,
  veiculo,
  veiculoTipo,
  type CategoriaVeiculo,
  type SituacaoLeilao,
  type SituacaoLote,
} from '@db/schema';
import { chassi, cnpj, gerador, placaMercosul, renavam, type Rnd } from './documentos';
import {
  APELIDOS,
  CIDADES_LANCE,
  CIDADES_PATIO,
  COMITENTES,
  CORES,
  ESTADOS_CONSERVACAO,
  LEILOEIROS,
  MODELOS,
  RETOMADAS,
  anosDoModelo,
  TIPOS,
  UFS,
  tabelaFrete,
  type Modelo,
} from './referencias';

/*
 * Deterministic demo catalogue. Everything but the instants comes from the seed; instants are laid
 * out around the start of the seeding day in America/Sao_Paulo (`agora`), so there are always past,
 * today's and future auctions. Same seed and same day give the same rows.
 */

const LOTE_CHUNK = 400;

/** Start of the day in São Paulo (UTC-3, no DST since 2019) as an instant. */
export function inicioDoDiaSaoPaulo(agora: Date): Date {
  const sp = new Date(agora.getTime() - 3 * 3600_000);
  return new Date(Date.UTC(sp.getUTCFullYear(), sp.getUTCMonth(), sp.getUTCDate(), 3, 0, 0));
}

export async function seedReferencias(db: Db) {
  await db
    .insert(unidadeFederativa)
    .values(UFS.map(({ id, sigla, nome, regiao, capital }) => ({ id, sigla, nome, regiao, capital })))
    .onConflictDoNothing();
  await db
    .insert(veiculoTipo)
    .values(TIPOS.map(({ id, nome, categoria }) => ({ id, nome, categoria })))
    .onConflictDoNothing();
  const nomesMarcas = [...new Set(Object.values(MODELOS).flatMap((ms) => ms.map((m) => m[0])))].sort();
  await db
    .insert(marca)
    .values(nomesMarcas.map((nome) => ({ nome })))
    .onConflictDoNothing();
  await db
    .insert(estadoConservacao)
    .values(ESTADOS_CONSERVACAO.map((nome) => ({ nome })))
    .onConflictDoNothing();
  await db.insert(frete).values(tabelaFrete()).onConflictDoNothing();
}

export type Segmento = keyof typeof MODELOS;
/** Category mix per brand profile (weights); every category appears in every brand. */
const PERFIS: Record<'geral' | 'loja' | 'salvados' | 'pesados', [CategoriaVeiculo, number][]> = {
  geral: [
    ['Carros', 40],
    ['Utilitários', 15],
    ['Moto', 15],
    ['Pesados', 8],
    ['Sucatas', 6],
    ['Recuperável', 5],
    ['Equipamentos', 4],
    ['Imóveis', 3],
    ['Aeronaves', 2],
    ['Embarcações', 2],
  ],
  loja: [
    ['Carros', 55],
    ['Utilitários', 20],
    ['Moto', 16],
    ['Pesados', 3],
    ['Sucatas', 1],
    ['Recuperável', 1],
    ['Equipamentos', 1],
    ['Imóveis', 1],
    ['Aeronaves', 1],
    ['Embarcações', 1],
  ],
  salvados: [
    ['Sucatas', 30],
    ['Recuperável', 25],
    ['Carros', 20],
    ['Moto', 10],
    ['Utilitários', 8],
    ['Pesados', 4],
    ['Equipamentos', 1],
    ['Imóveis', 1],
    ['Aeronaves', 0.5],
    ['Embarcações', 0.5],
  ],
  pesados: [
    ['Pesados', 45],
    ['Equipamentos', 20],
    ['Utilitários', 15],
    ['Carros', 8],
    ['Sucatas', 4],
    ['Recuperável', 3],
    ['Moto', 2],
    ['Imóveis', 1],
    ['Aeronaves', 1],
    ['Embarcações', 1],
  ],
};
const PERFIL_POR_MARCA: Record<number, keyof typeof PERFIS> = { 2: 'loja', 20: 'loja', 14: 'salvados', 1002: 'pesados' };

/**
 * The demo auctions. One whose name promises a kind of lot (`categorias`) only gets lots of those
 * categories: no cars in "Pesados e Utilitários", no tractors in "Carros e Motos". The others take any.
 */
export const AUCOES: { dias: number; hora: number; situacao: SituacaoLeilao; nome: string; categorias?: CategoriaVeiculo[] }[] = [
  { dias: -30, hora: 10, situacao: 'EXECUTADO', nome: 'Leilão de Veículos Recuperados' },
  { dias: -14, hora: 14, situacao: 'EXECUTADO', nome: 'Leilão Frotas e Locadoras', categorias: ['Carros', 'Utilitários', 'Pesados'] },
  { dias: -7, hora: 10, situacao: 'EXECUTADO', nome: 'Leilão Seguradoras' },
  { dias: -3, hora: 14, situacao: 'CANCELADO', nome: 'Leilão Extraordinário' },
  { dias: 0, hora: 10, situacao: 'AO_VIVO', nome: 'Leilão Bancos e Financeiras' },
  { dias: 0, hora: 15, situacao: 'PRONTO', nome: 'Leilão Pesados e Utilitários', categorias: ['Pesados', 'Utilitários', 'Equipamentos'] },
  { dias: 2, hora: 10, situacao: 'PRONTO', nome: 'Leilão Carros e Motos', categorias: ['Carros', 'Moto'] },
  { dias: 5, hora: 14, situacao: 'CRIADO', nome: 'Leilão Sucatas e Recuperáveis', categorias: ['Sucatas', 'Recuperável'] },
  { dias: 9, hora: 10, situacao: 'PRONTO', nome: 'Leilão Oportunidades da Semana' },
  { dias: 14, hora: 14, situacao: 'EM_LOTEAMENTO', nome: 'Leilão Especial Frotas', categorias: ['Carros', 'Utilitários', 'Pesados'] },
  { dias: 21, hora: 10, situacao: 'EM_LOTEAMENTO', nome: 'Leilão Máquinas e Equipamentos', categorias: ['Equipamentos', 'Pesados'] },
  { dias: 35, hora: 10, situacao: 'CRIADO', nome: 'Leilão Black Friday' },
];

/** The auctions (index into AUCOES, with its weight) that may take a lot of this category. */
export const leiloesPara = (categoria: CategoriaVeiculo, pesos: readonly [number, number][]): [number, number][] =>
  pesos.filter(([i]) => AUCOES[i].categorias?.includes(categoria) ?? true);

function escolher<T>(rnd: Rnd, lista: readonly T[]): T {
  return lista[Math.floor(rnd() * lista.length)];
}
function ponderado<T>(rnd: Rnd, pares: [T, number][]): T {
  const total = pares.reduce((a, [, p]) => a + p, 0);
  let x = rnd() * total;
  for (const [v, p] of pares) if ((x -= p) < 0) return v;
  return pares[pares.length - 1][0];
}
const entre = (rnd: Rnd, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** Tractors and machines: few kilometres a year (they work by the hour, mostly in place). */
const TIPOS_DE_MAQUINA = new Set([14, 42, 43, 44, 45]);

/**
 * Kilometres plausible for the type and its age: a motorbike 3–9 thousand a year, a car or utility
 * 8–18 thousand, a truck or bus 30–90 thousand, a tractor or machine 150–900 (no tractor with 868,096
 * km). Draws as many numbers as before per kind, so the rest of the demo stays as it was.
 */
export function quilometragem(rnd: Rnd, seg: Segmento, tipoId: number, idade: number, temPlaca: boolean): number | null {
  if (seg === 'equipamento' || TIPOS_DE_MAQUINA.has(tipoId)) {
    const porAno = entre(rnd, 150, 900);
    if (!temPlaca) return Math.max(1, idade) * porAno;
    return Math.max(1, idade) * porAno + entre(rnd, 0, 300);
  }
  if (!temPlaca) return null;
  const [min, max] =
    seg === 'moto' ? [3000, 9000] : seg === 'pesado' || seg === 'onibus' || seg === 'carreta' ? [30000, 90000] : [8000, 18000];
  return Math.round(idade * entre(rnd, min, max) + entre(rnd, 0, seg === 'moto' ? 2000 : 5000));
}
/** A model year within the model's years on sale (no 2012 Onix Turbo, no 2025 Ka). */
const anoDoModelo = (rnd: Rnd, m: Modelo) => {
  const [desde, ate] = anosDoModelo(m);
  return entre(rnd, desde, ate);
};
function uuid(rnd: Rnd): string {
  const h = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16));
  h[12] = '4';
  h[16] = '89ab'[Math.floor(rnd() * 4)];
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const dataCurta = (d: Date) => {
  const sp = new Date(d.getTime() - 3 * 3600_000);
  return `${String(sp.getUTCDate()).padStart(2, '0')}/${String(sp.getUTCMonth() + 1).padStart(2, '0')}/${sp.getUTCFullYear()}`;
};

function segmentoDe(rnd: Rnd, categoria: CategoriaVeiculo): { seg: Segmento; tipoId?: number } {
  switch (categoria) {
    case 'Carros':
      return { seg: 'carro' };
    case 'Utilitários':
      return { seg: 'utilitario' };
    case 'Moto':
      return { seg: 'moto' };
    case 'Pesados':
      return {
        seg: ponderado(rnd, [
          ['pesado', 6],
          ['onibus', 2],
          ['carreta', 2],
        ] as [Segmento, number][]),
      };
    case 'Equipamentos':
      return { seg: 'equipamento' };
    case 'Imóveis':
      return { seg: 'imovel' };
    case 'Aeronaves':
      return { seg: 'aeronave' };
    case 'Embarcações':
      return { seg: 'embarcacao' };
    case 'Sucatas': {
      const seg = ponderado(rnd, [
        ['carro', 5],
        ['utilitario', 2],
        ['moto', 2],
        ['pesado', 1],
        ['onibus', 0.5],
      ] as [Segmento, number][]);
      return { seg, tipoId: { carro: 28, utilitario: 29, moto: 30, pesado: 9, onibus: 51 }[seg as 'carro'] };
    }
    case 'Recuperável': {
      const seg = ponderado(rnd, [
        ['carro', 5],
        ['utilitario', 2],
        ['moto', 2],
        ['pesado', 1],
      ] as [Segmento, number][]);
      return { seg, tipoId: { carro: 31, utilitario: 32, moto: 33, pesado: 13 }[seg as 'carro'] };
    }
  }
}

const PNEU = ['BOM', 'BOM', 'MEIA-VIDA', 'TROCA'] as const;
const RESPOSTA = ['Sim', 'Sim', 'Sim - não funciona', 'Não'] as const;
function itensDetalhados(rnd: Rnd, seg: Segmento, km: number | null) {
  if (seg === 'imovel' || seg === 'aeronave' || seg === 'embarcacao' || seg === 'equipamento') return null;
  if (seg === 'moto') {
    return {
      tipo: 'moto',
      quilometragem: km,
      bateria: escolher(rnd, RESPOSTA),
      pneus: [
        { posicao: 'Dianteiro', condicao: escolher(rnd, PNEU) },
        { posicao: 'Traseiro', condicao: escolher(rnd, PNEU) },
      ],
      itens: { Partida: escolher(rnd, RESPOSTA), Painel: escolher(rnd, RESPOSTA), Retrovisores: escolher(rnd, RESPOSTA) },
    };
  }
  if (seg === 'pesado' || seg === 'onibus' || seg === 'carreta') {
    const eixos = seg === 'carreta' ? entre(rnd, 2, 3) : entre(rnd, 2, 4);
    return {
      tipo: 'pesado',
      quilometragem: km,
      bateria: escolher(rnd, RESPOSTA),
      eixos,
      pneus: Array.from({ length: eixos }, (_, e) => [
        { posicao: `Eixo ${e + 1} esquerdo`, condicao: escolher(rnd, PNEU) },
        { posicao: `Eixo ${e + 1} direito`, condicao: escolher(rnd, PNEU) },
      ]).flat(),
      itens: {
        Tacógrafo: escolher(rnd, RESPOSTA),
        'Freio motor': escolher(rnd, RESPOSTA),
        'Ar-condicionado': escolher(rnd, RESPOSTA),
        Tanque: escolher(rnd, RESPOSTA),
      },
    };
  }
  return {
    tipo: 'leve',
    quilometragem: km,
    bateria: escolher(rnd, RESPOSTA),
    chaveReserva: escolher(rnd, ['Sim', 'Não']),
    manualProprietario: escolher(rnd, ['Sim', 'Não']),
    pneus: ['Dianteiro esquerdo', 'Dianteiro direito', 'Traseiro esquerdo', 'Traseiro direito', 'Estepe'].map((posicao) => ({
      posicao,
      condicao: escolher(rnd, PNEU),
    })),
    itens: {
      'Ar-condicionado': escolher(rnd, RESPOSTA),
      'Direção hidráulica': escolher(rnd, RESPOSTA),
      'Vidros elétricos': escolher(rnd, RESPOSTA),
      'Central multimídia': escolher(rnd, RESPOSTA),
      Airbag: escolher(rnd, RESPOSTA),
    },
  };
}

function incrementoPara(reais: number) {
  if (reais < 20_000) return 200_00;
  if (reais < 100_000) return 500_00;
  if (reais < 500_000) return 1_000_00;
  return 5_000_00;
}

export interface SeedCatalogoOpcoes {
  db: Db;
  hotsiteId: number;
  lotes: number;
  semente?: number;
  agora?: Date;
  /**
   * Insert only this many lots now and hand the rest to `adiar` (a first start answers before the whole
   * demo catalogue is in: docs/benchmarks.md). The lots are the same either way, in the same order.
   */
  lotesAgora?: number;
  adiar?: (restante: (parar: () => boolean) => Promise<number>) => void;
}

/** Seeds one brand's catalogue. Skips a brand that already has auctions. Answers the lots inserted (now). */
export async function seedCatalogo({
  db,
  hotsiteId,
  lotes: totalLotes,
  semente = hotsiteId,
  agora = new Date(),
  lotesAgora = totalLotes,
  adiar,
}: SeedCatalogoOpcoes): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(leilao).where(eq(leilao.hotsiteId, hotsiteId));
  if (n > 0) return 0;
  const rnd = gerador(semente * 7919 + 17);
  const hoje = inicioDoDiaSaoPaulo(agora);
  const perfil = PERFIS[PERFIL_POR_MARCA[hotsiteId] ?? 'geral'];
  const loja = PERFIL_POR_MARCA[hotsiteId] === 'loja';
  const marcas = new Map((await db.select().from(marca)).map((m) => [m.nome, m.id]));
  const estados = (await db.select().from(estadoConservacao)).map((e) => e.id);
  const tipoFoto = new Map(TIPOS.map((t) => [t.id, t]));

  // Committents, yards, auctioneers.
  const comitentes = await db
    .insert(comitente)
    .values(
      COMITENTES.map(([nome, grupo], i) => ({
        uid: uuid(rnd),
        hotsiteId,
        nomeSite: nome,
        razaoSocial: `${nome} Ltda.`,
        cnpj: cnpj(rnd),
        grupo,
        existeLogomarca: true,
        logomarcaUrl: `/catalogo/logo.svg?t=${encodeURIComponent(
          nome
            .split(' ')
            .filter((p) => p.length > 2)
            .slice(0, 2)
            .map((p) => p[0])
            .join(''),
        )}&c=${i}`,
      })),
    )
    .returning({ id: comitente.id });
  const nPatios = 4 + Math.floor(rnd() * 3);
  const cidades = [...CIDADES_PATIO].sort(() => rnd() - 0.5).slice(0, nPatios);
  const patios = await db
    .insert(patio)
    .values(
      cidades.map(([cidade, uf, bairro, cep]) => {
        const nome = `Pátio ${cidade}`;
        return {
          uid: uuid(rnd),
          hotsiteId,
          nome,
          slug: slug(nome),
          cidade,
          estado: UFS.find((u) => u.sigla === uf)!.nome,
          estadoUf: uf,
          endereco: {
            logradouro: `Rodovia ${escolher(rnd, ['BR-116', 'BR-101', 'SP-330', 'BR-040', 'BR-153'])}, km ${entre(rnd, 10, 400)}`,
            numero: String(entre(rnd, 10, 3000)),
            bairro,
            cep,
          },
          telefone: `(${entre(rnd, 11, 99)}) 3${entre(rnd, 100, 999)}-${entre(rnd, 1000, 9999)}`,
          responsavel: escolher(rnd, ['Carlos Souza', 'Ana Lima', 'Marcos Pereira', 'Juliana Alves']),
          explicacaoVisitacao: 'Visitação de segunda a sexta, das 8h às 17h, mediante agendamento. Leve documento com foto.',
          googleMaps: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${nome} ${cidade} ${uf}`)}`,
        };
      }),
    )
    .returning();
  const [leiloeiroRow] = await db
    .insert(leiloeiro)
    .values({
      uid: uuid(rnd),
      hotsiteId,
      ...escolher(rnd, LEILOEIROS),
    })
    .returning();

  const leiloes = await db
    .insert(leilao)
    .values(
      AUCOES.map((a, i) => {
        const data = new Date(hoje.getTime() + a.dias * 86_400_000 + a.hora * 3_600_000);
        const p = patios[i % patios.length];
        return {
          uid: uuid(rnd),
          hotsiteId,
          nome: `${loja ? a.nome.replace('Leilão', 'Evento') : a.nome} - ${dataCurta(data)}`,
          situacao: a.situacao,
          modalidade: i % 4 === 1 ? 'Simultâneo' : 'Online',
          tipoOrigem: escolher(rnd, ['Amigavel', 'Judicial', 'Frota', 'Perda Total']),
          data,
          local: p.nome,
          cidade: p.cidade,
          estadoUf: p.estadoUf,
          patioId: p.id,
          leiloeiroId: leiloeiroRow.id,
          editalUrl: '/regulamento',
          destaque: a.dias >= 0 && i % 2 === 0,
          localRealizacao: {
            nome: p.nome,
            endereco: `${(p.endereco as { logradouro: string }).logradouro}`,
            cidade: p.cidade,
            telefone: p.telefone,
          },
        };
      }),
    )
    .returning();
  await db
    .insert(leilaoComitente)
    .values(
      leiloes.flatMap((l, i) =>
        [0, 1, 2].map((k) => ({ hotsiteId, leilaoId: l.id, comitenteId: comitentes[(i + k * 2) % comitentes.length].id })),
      ),
    );

  // Lots in chunks: vehicles first, then their lots, links, photos and files.
  const ordemPorLeilao = new Map<number, number>();
  const pesosLeilao: [number, number][] = leiloes.map((l, i) => [i, AUCOES[i].dias < 0 ? 5 : AUCOES[i].dias === 0 ? 12 : 10]);
  /** Inserts `total` lots in chunks of `porVez` (stopping early when `parar` says so); answers how many. */
  async function inserirLotes(total: number, porVez = LOTE_CHUNK, parar = () => false, cederAVez = false) {
    let inseridos = 0;
    for (let inicio = 0; inicio < total && !parar(); inicio += porVez) {
      // The embedded database answers within the same turn of the event loop: without a pause between
      // chunks the server would not accept a connection until the whole catalogue was in.
      if (cederAVez) await new Promise((r) => setTimeout(r, 20));
      const qtd = Math.min(porVez, total - inicio);
      const itens = Array.from({ length: qtd }, () => gerarItem());
      const veiculos = await db
        .insert(veiculo)
        .values(itens.map((it) => it.veiculo))
        .returning({ id: veiculo.id, uid: veiculo.uid });
      const idVeiculo = new Map(veiculos.map((v) => [v.uid, v.id]));
      const lotesIns = await db
        .insert(lote)
        .values(itens.map((it) => ({ ...it.lote, veiculoId: idVeiculo.get(it.veiculo.uid)! })))
        .returning({ id: lote.id, uid: lote.uid });
      const idLote = new Map(lotesIns.map((l) => [l.uid, l.id]));
      await db.insert(leilaoLote).values(
        itens.map((it) => ({
          hotsiteId,
          leilaoId: it.lote.leilaoId,
          loteId: idLote.get(it.lote.uid)!,
          situacao: it.lote.situacao,
          ordemLeilao: it.ordem,
          arremateValor: it.arremate,
          despachantePrazoDocumento: it.veiculo.prazoDocumento,
        })),
      );
      await db.insert(loteFoto).values(itens.flatMap((it) => it.fotos.map((f) => ({ ...f, hotsiteId, loteId: idLote.get(it.lote.uid)! }))));
      await db.insert(loteArquivo).values(
        itens.map((it) => ({
          hotsiteId,
          loteId: idLote.get(it.lote.uid)!,
          url: '/regulamento',
          descricao: 'Edital e condições de venda',
        })),
      );
      inseridos += qtd;
    }
    return inseridos;
  }
  const agoraMesmo = Math.min(lotesAgora, totalLotes);
  const inseridos = await inserirLotes(agoraMesmo);
  // Smaller chunks later: an embedded database runs one statement at a time, and visitors come first.
  if (adiar && totalLotes > agoraMesmo) adiar((parar) => inserirLotes(totalLotes - agoraMesmo, 100, parar, true));

  // Banners in the four positions, drawn in the brand's own colours (no blue banner on a green brand).
  const proximo = leiloes.find((l) => l.situacao === 'AO_VIVO') ?? leiloes[0];
  const [h] = await db
    .select({
      p: hotsite.corPrimaria,
      s: hotsite.corSecundaria,
      g1: hotsite.corGradient1,
      g2: hotsite.corGradient2,
      g3: hotsite.corGradient3,
    })
    .from(hotsite)
    .where(eq(hotsite.id, hotsiteId));
  const cores = (a?: string, b?: string) => (a && b ? `&c=${a.replace('#', '')}&d=${b.replace('#', '')}` : '');
  const paleta = {
    home: cores(h?.g1, h?.g2),
    home2: cores(h?.p, h?.g3),
    lista: cores(h?.g2, h?.g1),
    entre: cores(h?.g1, h?.g3),
    cabecalho: cores(h?.p, h?.g2),
  };
  await db.insert(banner).values([
    {
      hotsiteId,
      posicaoBanner: 'home' as const,
      nome: 'Oportunidades da semana',
      imagem: `/catalogo/banner.svg?t=${encodeURIComponent('Oportunidades da semana')}&p=home${paleta.home}`,
      urlDestino: loja ? '/anuncio' : '/leilao',
      prioridade: 1,
    },
    {
      hotsiteId,
      posicaoBanner: 'home' as const,
      nome: proximo.nome,
      leiUid: proximo.uid,
      imagem: `/catalogo/banner.svg?t=${encodeURIComponent(proximo.nome.replace(/\s*-\s*\d{2}\/\d{2}\/\d{2,4}$/, ''))}&p=home2${paleta.home2}`,
      urlDestino: loja ? '/anuncio' : '/leilao',
      prioridade: 2,
    },
    {
      hotsiteId,
      posicaoBanner: 'lista-lotes' as const,
      nome: loja ? 'Financie sua compra' : 'Financie seu arremate',
      imagem: `/catalogo/banner.svg?t=${encodeURIComponent(loja ? 'Financie sua compra' : 'Financie seu arremate')}&p=lista${paleta.lista}`,
      urlDestino: '/formas-de-pagamento',
    },
    {
      hotsiteId,
      posicaoBanner: 'entre-leiloes' as const,
      nome: 'Conheça nossos pátios',
      imagem: `/catalogo/banner.svg?t=${encodeURIComponent('Conheça nossos pátios')}&p=entre${paleta.entre}`,
      urlDestino: '/patios',
    },
    {
      hotsiteId,
      posicaoBanner: 'cabecalho' as const,
      nome: 'Cadastre-se e participe',
      imagem: `/catalogo/banner.svg?t=${encodeURIComponent('Cadastre-se e participe')}&p=cabecalho${paleta.cabecalho}`,
      urlDestino: '/cadastro',
    },
  ]);
  return inseridos;

  function gerarItem() {
    const categoria = ponderado(rnd, perfil);
    const { seg, tipoId: tipoForcado } = segmentoDe(rnd, categoria);
    const m: Modelo = escolher(rnd, MODELOS[seg]);
    const [marcaNome, modeloNome, versao, baseReais, wmi, combustivelBase, tipoBase] = m;
    const tipoId = tipoForcado ?? tipoBase;
    const tipo = tipoFoto.get(tipoId)!;
    const ehVeiculo = seg !== 'imovel';
    const temPlaca = ['carro', 'utilitario', 'moto', 'pesado', 'onibus', 'carreta'].includes(seg);
    const anoModelo = ehVeiculo ? anoDoModelo(rnd, m) : null;
    const anoFabricacao = anoModelo ? anoModelo - (rnd() < 0.4 ? 1 : 0) : null;
    const idade = anoModelo ? Math.max(0, 2026 - anoModelo) : 0;
    const sucata = categoria === 'Sucatas';
    const fator = (sucata ? 0.25 : categoria === 'Recuperável' ? 0.55 : 1) * 0.92 ** idade * (0.9 + rnd() * 0.2);
    const valorMercado = Math.round(baseReais * fator) * 100;
    const km = quilometragem(rnd, seg, tipoId, idade, temPlaca);
    const combustivel = combustivelBase === 'GAS' && seg === 'carro' && rnd() < 0.2 ? 'GAS/GNV' : combustivelBase || null;
    const cor = ehVeiculo ? escolher(rnd, CORES) : null;
    const p = escolher(rnd, patios);
    const externo = rnd() < 0.06;
    const cidadeExterna = externo ? escolher(rnd, CIDADES_PATIO) : null;

    const idxLeilao = ponderado(rnd, leiloesPara(categoria, pesosLeilao));
    const a = AUCOES[idxLeilao];
    const l = leiloes[idxLeilao];
    const ordem = (ordemPorLeilao.get(l.id) ?? 0) + 1;
    ordemPorLeilao.set(l.id, ordem);
    let situacao: SituacaoLote;
    let dataFim = new Date(l.data.getTime() + ordem * l.segundoEntreLotes * 1000);
    if (a.situacao === 'CANCELADO') situacao = rnd() < 0.5 ? 'LOTE_CANCELADO' : 'SUSPENSO';
    else if (a.dias < 0) {
      situacao = ponderado(rnd, [
        ['REPASSE', 40],
        ['AG_PAGAMENTO', 10],
        ['PAGO', 12],
        ['NAO_ARREMATADO', 8],
        ['CONDICIONAL', 6],
        ['CONDICIONAL_NEGADA', 4],
        ['RETIRADO', 8],
        ['CLIENTE_DESISTIU', 3],
        ['CANCELADO_NO_LEILAO', 2],
        ['PAGO_CARTAO', 2],
        ['BOLETO', 2],
        ['NEGADA_CONDICIONAL', 1],
        ['RECOMPRA', 1],
        ['AG_CLIENTE', 1],
      ] as [SituacaoLote, number][]);
      // A lot in resale (repasse) is back on sale until a date in the coming weeks.
      if (situacao === 'REPASSE') dataFim = new Date(hoje.getTime() + entre(rnd, 1, 25) * 86_400_000 + entre(rnd, 9, 20) * 3_600_000);
    } else if (a.situacao === 'AO_VIVO') {
      situacao =
        ordem <= 3 ? 'AO_VIVO' : ordem === 4 ? 'DOULHE_UMA' : ordem === 5 ? 'DOULHE_DUAS' : rnd() < 0.05 ? 'PLACAR' : 'LIBERADO_LEILAO';
    } else {
      situacao = ponderado(rnd, [
        ['LIBERADO_LEILAO', 84],
        ['PENDENTE', 10],
        ['CADASTRADO', 4],
        ['BUY_NOW', 1],
        ['SUSPENSO', 1],
      ] as [SituacaoLote, number][]);
    }
    if (loja && a.dias >= 0) dataFim = new Date(hoje.getTime() + entre(rnd, 3, 60) * 86_400_000 + entre(rnd, 9, 20) * 3_600_000);

    const minimo = Math.max(100_00, Math.round((valorMercado * (0.35 + rnd() * 0.35)) / 100_00) * 100_00);
    const incremento = incrementoPara(minimo / 100);
    const aberto = ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'DOULHE_UMA', 'DOULHE_DUAS'].includes(situacao);
    const vendido = [
      'AG_PAGAMENTO',
      'PAGO',
      'CONDICIONAL',
      'CONDICIONAL_NEGADA',
      'RETIRADO',
      'CLIENTE_DESISTIU',
      'PAGO_CARTAO',
      'BOLETO',
      'NEGADA_CONDICIONAL',
      'RECOMPRA',
      'AG_CLIENTE',
    ].includes(situacao);
    // A lot takes bids from its opening (ten days before its auction): one of an auction still to open has none.
    // The draws are the same either way, so every other lot's content stays as it was.
    const abriu = l.data.getTime() - 10 * 86_400_000 <= hoje.getTime();
    const lancesSeAberto = aberto && rnd() < 0.45 ? entre(rnd, 1, 18) : 0;
    const qtdLances = vendido ? entre(rnd, 1, 30) : abriu ? lancesSeAberto : 0;
    const ultimoLanceValor = qtdLances ? minimo + (qtdLances - 1) * incremento : null;
    const tipoNeg = loja ? (rnd() < 0.6 ? 'Compre Já' : 'Proposta') : rnd() < 0.08 ? 'Compre Já' : 'Disputa';
    const fotos = Array.from({ length: entre(rnd, 4, 8) }, (_, k) => ({
      ordem: k + 1,
      url: `/catalogo/foto/${tipo.foto}.svg?cor=${slug(cor ?? 'cinza')}&n=${k + 1}`,
      descricao: `Foto ${k + 1}`,
    }));
    const uidVeiculo = uuid(rnd);
    const retomada = sucata ? 'Sinistro - grande monta' : categoria === 'Recuperável' ? 'Sinistro - média monta' : escolher(rnd, RETOMADAS);
    const comitenteId = escolher(rnd, comitentes).id;
    const nome = seg === 'imovel' ? `${modeloNome} ${versao} - ${p.cidade}` : `${marcaNome} ${modeloNome} ${versao}`;
    return {
      ordem,
      arremate: vendido ? ultimoLanceValor : null,
      fotos,
      veiculo: {
        uid: uidVeiculo,
        hotsiteId,
        nome,
        modelo: modeloNome,
        versao,
        veiculoTipoId: tipoId,
        marcaId: seg === 'imovel' ? null : (marcas.get(marcaNome) ?? null),
        estadoConservacaoId: sucata ? estados[4] : escolher(rnd, estados.slice(0, 4)),
        comitenteId,
        patioId: p.id,
        anoFabricacao,
        anoModelo,
        cor,
        placa: temPlaca ? placaMercosul(rnd) : null,
        placaUfe: temPlaca ? p.estadoUf : null,
        chassi: ehVeiculo && wmi.length === 3 ? chassi(rnd, wmi.replace(/[IOQ]/g, 'A'), anoModelo ?? 2020) : null,
        renavam: temPlaca ? renavam(rnd) : null,
        possuiChave: temPlaca ? rnd() < 0.85 : null,
        km,
        combustivel,
        cambio: temPlaca && seg !== 'moto' ? (rnd() < 0.55 ? 'Automático' : 'Manual') : null,
        direcao: temPlaca && seg !== 'moto' ? escolher(rnd, ['Hidráulica', 'Elétrica', 'Mecânica']) : null,
        retomada,
        valorMercado,
        fipeNome: temPlaca ? `${marcaNome} ${modeloNome} ${versao}` : null,
        fipeValor: temPlaca ? Math.round((valorMercado * (1.02 + rnd() * 0.1)) / 100) * 100 : null,
        fipeCodigo: temPlaca ? `${String(entre(rnd, 1, 99)).padStart(3, '0')}${entre(rnd, 100, 999)}-${entre(rnd, 0, 9)}` : null,
        prazoDocumento: temPlaca ? entre(rnd, 15, 60) : null,
        sinistro: sucata || categoria === 'Recuperável',
        itensDetalhados: itensDetalhados(rnd, seg, km),
      },
      lote: {
        uid: uuid(rnd),
        hotsiteId,
        leilaoId: l.id,
        comitenteId,
        patioId: externo ? null : p.id,
        situacao,
        nome,
        numero: String(ordem).padStart(3, '0'),
        tipo: tipoNeg as 'Disputa',
        descricao: `${nome}${anoModelo ? `, ano ${anoFabricacao}/${anoModelo}` : ''}${cor ? `, cor ${cor.toLowerCase()}` : ''}. Vendido no estado em que se encontra, sem garantia.${externo ? ' Bem localizado fora dos pátios: consulte o endereço de retirada com o comitente.' : ''}`,
        somenteBuyNowProposta: tipoNeg !== 'Disputa',
        prioridade: entre(rnd, 0, 9),
        destaque: rnd() < 0.08,
        promocao: rnd() < 0.1 ? escolher(rnd, ['Feirão de Fim de Ano', 'Semana do Utilitário', 'Black Friday']) : null,
        dataInicio: new Date(l.data.getTime() - 10 * 86_400_000),
        dataFim,
        quantidadeFotos: fotos.length,
        descricaoVisitacao: 'Visitação conforme horário do pátio, até a véspera do encerramento.',
        categoria,
        veiculoTipoId: tipoId,
        marcaNome: seg === 'imovel' ? null : marcaNome,
        modelo: modeloNome,
        anoModelo,
        combustivel,
        cor,
        retomada,
        km,
        localizacaoCidade: cidadeExterna ? cidadeExterna[0] : p.cidade,
        localizacaoUf: cidadeExterna ? cidadeExterna[1] : p.estadoUf,
        localizacaoExterna: externo,
        minimo,
        incremento,
        comissaoPorcentagem: 500,
        comissaoExtraPorcentagem: rnd() < 0.2 ? 150 : 0,
        comissaoExtraMensagem: null as string | null,
        despachante: temPlaca ? entre(rnd, 3, 15) * 100_00 : 0,
        outros: rnd() < 0.3 ? 200_00 : 0,
        remocao: rnd() < 0.4 ? entre(rnd, 2, 9) * 100_00 : 0,
        depositoDeBens: rnd() < 0.3 ? entre(rnd, 1, 8) * 100_00 : 0,
        vistoria: temPlaca ? 350_00 : 0,
        compreJa: tipoNeg === 'Compre Já' ? Math.round((valorMercado * 0.85) / 100_00) * 100_00 : null,
        valorComitente: Math.round((minimo * 1.2) / 100_00) * 100_00,
        ultimoLanceValor,
        ultimoLanceApelido: qtdLances ? `${escolher(rnd, APELIDOS)}${entre(rnd, 10, 999)}` : null,
        ultimoLanceCidade: qtdLances ? escolher(rnd, CIDADES_LANCE) : null,
        ultimoLanceData: qtdLances ? new Date(Math.min(dataFim.getTime(), agora.getTime()) - entre(rnd, 60, 86_400) * 1000) : null,
        quantidadeLances: qtdLances,
        visualizacoes: entre(rnd, 0, 900),
      },
    };
  }
}
