import { z } from 'zod';
import type { LoteCard } from '~/modules/catalogo/busca.server';
import type { LoteDetalhe } from '~/modules/catalogo/lote.server';
import { nomeSemData } from '~/modules/catalogo/regras';
import { calcularValores } from '~/modules/dominio/dinheiro';
import { centavos, instante, iso, pontosBase, uuid } from './esquemas';
import { historicoApiSchema } from './historico-verificado';
import { JsonPronto } from './rota.server';
import { criarLruPorBytes } from '~/utils/lru-por-bytes.server';

/**
 * The API's lot (spec 001 §3 "Lot"): by-id, busca-elastic and the highlights answer this one shape,
 * money nested under `valor` with the spec's names, and `leilao`, `localizacao`, `veiculo`, `arquivos`
 * nested. The pages keep their own view models (card.ts, LoteDetalhe). Search results are the light
 * card: no `descricao` and no `arquivos` (by-id has them).
 */
const ultimoLanceSchema = z
  .object({
    valor: centavos,
    apelido: z.string().nullable(),
    cidade: z.string().nullable(),
    data: instante.nullable(),
    quantidade: z.number().int().meta({ description: 'Quantidade de lances do lote' }),
  })
  .meta({ id: 'UltimoLance', description: 'O último lance; null sem lances' });

export const valorLoteSchema = z
  .object({
    lance: centavos.nullable().meta({ description: 'Lance recebido (o último lance); null sem lances' }),
    minimo: centavos,
    incremento: centavos,
    valorAtual: centavos.meta({ description: 'O último lance, senão o mínimo' }),
    proximoLance: centavos.meta({ description: 'Próximo lance aceito: último lance + incremento, senão o mínimo' }),
    comissao: centavos.meta({ description: 'Comissão sobre o valor atual' }),
    comissaoExtra: centavos,
    totalDespesas: centavos.meta({ description: 'Taxas positivas + comissão + comissão extra' }),
    totalAPagar: centavos.meta({ description: 'Valor atual + despesas' }),
    valorProposta: centavos.nullable(),
    despachante: centavos,
    outros: centavos,
    remocao: centavos,
    depositoDeBens: centavos,
    vistoria: centavos,
    compreJa: centavos.nullable(),
    comissaoPorcentagem: pontosBase,
    comissaoExtraPorcentagem: pontosBase,
    compreJaPorcentagem: pontosBase.nullable(),
    comissaoExtraMensagem: z.string().nullable(),
    ultimoLance: ultimoLanceSchema.nullable(),
  })
  .meta({ id: 'ValorLote' });

const leilaoDoLoteSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    nome: z.string(),
    nomeSemData: z.string(),
    data: instante,
    situacao: z.string(),
    modalidade: z.string(),
    editalUrl: z.string().nullable().optional(),
    segundoEntreLotes: z.number().int().optional(),
    leiloeiro: z.object({ nome: z.string(), inscricao: z.string().nullable() }).nullable().optional(),
    documentos: z
      .array(z.object({ tipo: z.string(), descricao: z.string(), url: z.string() }))
      .optional()
      .meta({ description: 'Só em by-id: documentos do leilão (edital, regulamento...) em PDF' }),
  })
  .meta({ id: 'LeilaoDoLote' });

const patioDoLoteSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    nome: z.string(),
    slug: z.string(),
    cidade: z.string(),
    estadoUf: z.string(),
    endereco: z.unknown().optional(),
    telefone: z.string().nullable().optional(),
    explicacaoVisitacao: z.string().nullable().optional(),
    googleMaps: z.string().nullable().optional(),
  })
  .meta({ id: 'PatioDoLote' });

const localizacaoSchema = z
  .object({
    cidade: z.string().nullable(),
    uf: z.string().nullable(),
    externa: z.boolean().meta({ description: 'O lote não está num pátio nosso: leia a descrição' }),
    patio: patioDoLoteSchema.nullable(),
  })
  .meta({ id: 'Localizacao' });

const veiculoSchema = z
  .object({
    uid: uuid,
    marca: z.string().nullable(),
    modelo: z.string().nullable(),
    anoFabricacao: z.number().int().nullable(),
    anoModelo: z.number().int().nullable(),
    km: z.number().int().nullable(),
    combustivel: z.string().nullable(),
    cor: z.string().nullable(),
    cambio: z.string().nullable(),
    direcao: z.string().nullable(),
    possuiChave: z.boolean().nullable(),
    retomada: z.string().nullable(),
    valorMercado: centavos.nullable(),
    prazoDocumento: z.number().int().nullable().meta({ description: 'Prazo estimado da documentação, dias úteis' }),
    // by-id only
    nome: z.string().optional(),
    versao: z.string().nullable().optional(),
    situacao: z.string().optional(),
    placaMascarada: z.string().nullable().optional(),
    placaFinal: z.string().nullable().optional(),
    placaUfe: z.string().nullable().optional(),
    estadoConservacao: z.string().nullable().optional(),
    informacoesFipe: z
      .object({
        nome: z.string().nullable(),
        valor: centavos.nullable(),
        codigo: z.string().nullable(),
        dataAtualizacao: instante.nullable(),
      })
      .nullable()
      .optional(),
    laudoUrl: z.string().nullable().optional(),
    spincar: z.string().nullable().optional(),
    videoUrl: z.string().nullable().optional(),
    sinistro: z.boolean().optional(),
    informacaoComplementar: z.string().nullable().optional(),
    itensDetalhados: z.unknown().optional(),
  })
  .meta({ id: 'Veiculo', description: 'Placa, chassi, renavam e motor nunca saem do servidor: só a placa mascarada e o final' });

export const loteApiSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    situacao: z.string(),
    nome: z.string(),
    numero: z.string(),
    posicaoLeilao: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: 'Posição do lote no seu leilão (ordene a busca por posicaoLeilao para a lista do leilão); só na busca' }),
    tipo: z.string().meta({ description: 'Modo de venda: Disputa, Proposta, Compre Já' }),
    tipoId: z.number().int(),
    tipoNome: z.string(),
    categoria: z.string(),
    video: z.string().nullable(),
    descricao: z.string().nullable().optional().meta({ description: 'Só em by-id' }),
    fotosUrls: z.array(z.string()).meta({ description: 'Na busca, as 4 primeiras' }),
    somenteBuyNowProposta: z.boolean(),
    finalizacaoManual: z.boolean(),
    transmissaoNaPista: z.boolean(),
    recebeIncrementoTempo: z.boolean(),
    prioridade: z.number().int(),
    destaque: z.boolean(),
    dataInicio: instante.nullable(),
    dataFim: instante.nullable(),
    dataAlteracao: instante,
    quantidadeFotos: z.number().int(),
    blackCar10: z.boolean(),
    sorteioFinalAno: z.boolean(),
    laudoCautelarResultado: z.string().nullable(),
    laudoCautelarObservacao: z.string().nullable(),
    leilao: leilaoDoLoteSchema.nullable(),
    localizacao: localizacaoSchema,
    veiculo: veiculoSchema,
    arquivos: z
      .array(z.object({ id: z.number().int(), url: z.string(), descricao: z.string().nullable() }))
      .optional()
      .meta({ description: 'Só em by-id' }),
    valor: valorLoteSchema,
    comitente: z.object({ comId: z.number().int(), nome: z.string(), logo: z.string().nullable() }).nullable(),
    carimbos: z
      .array(z.object({ nome: z.string(), urlCard: z.string().nullable(), urlLote: z.string().nullable(), link: z.string().nullable() }))
      .meta({ description: 'Carimbos (selos) do lote escolhidos pela equipe' }),
    historicoVerificado: historicoApiSchema.optional().meta({ description: 'Só em by-id' }),
    gruposCliente: z.array(z.object({ uid: z.string(), nome: z.string() })).meta({
      description:
        'Os grupos de clientes que podem dar lances no lote; vazio = todos os clientes (decisões 269 e 278). O lote aparece a todos, com o aviso de exclusivo',
    }),
  })
  .meta({ id: 'Lote' });
export type LoteApi = z.infer<typeof loteApiSchema>;

type CamposDoValor = Parameters<typeof calcularValores>[0] & {
  compreJa: number | null;
  compreJaPorcentagem: number | null;
  valorProposta: number | null;
  comissaoExtraMensagem: string | null;
  ultimoLanceApelido: string | null;
  ultimoLanceCidade: string | null;
  ultimoLanceData: Date | null;
  quantidadeLances: number;
};

/** The spec's `valor` block from a lot's columns (all money in centavos). */
export function valorDoLote(l: CamposDoValor): LoteApi['valor'] {
  const v = calcularValores(l);
  return {
    lance: l.ultimoLanceValor,
    minimo: l.minimo,
    incremento: l.incremento,
    valorAtual: v.valorAtual,
    proximoLance: v.proximoLance,
    comissao: v.comissao,
    comissaoExtra: v.comissaoExtra,
    totalDespesas: v.totalDespesas,
    totalAPagar: v.totalAPagar,
    valorProposta: l.valorProposta,
    despachante: l.despachante,
    outros: l.outros,
    remocao: l.remocao,
    depositoDeBens: l.depositoDeBens,
    vistoria: l.vistoria,
    compreJa: l.compreJa,
    comissaoPorcentagem: l.comissaoPorcentagem,
    comissaoExtraPorcentagem: l.comissaoExtraPorcentagem,
    compreJaPorcentagem: l.compreJaPorcentagem,
    comissaoExtraMensagem: l.comissaoExtraMensagem,
    ultimoLance:
      l.ultimoLanceValor == null
        ? null
        : {
            valor: l.ultimoLanceValor,
            apelido: l.ultimoLanceApelido,
            cidade: l.ultimoLanceCidade,
            data: iso(l.ultimoLanceData),
            quantidade: l.quantidadeLances,
          },
  };
}

/** The fields a search row and the lot page's record share, under the same names. */
type CamposComuns = Pick<
  LoteCard,
  | 'id'
  | 'uid'
  | 'situacao'
  | 'nome'
  | 'numero'
  | 'tipo'
  | 'tipoNome'
  | 'categoria'
  | 'video'
  | 'fotosUrls'
  | 'somenteBuyNowProposta'
  | 'finalizacaoManual'
  | 'transmissaoNaPista'
  | 'recebeIncrementoTempo'
  | 'prioridade'
  | 'destaque'
  | 'quantidadeFotos'
  | 'blackCar10'
  | 'sorteioFinalAno'
  | 'laudoCautelarResultado'
  | 'laudoCautelarObservacao'
  | 'dataInicio'
  | 'dataFim'
  | 'carimbos'
>;
const camposComuns = (l: CamposComuns) => ({
  id: l.id,
  uid: l.uid,
  situacao: l.situacao,
  nome: l.nome,
  numero: l.numero,
  tipo: l.tipo,
  tipoNome: l.tipoNome,
  categoria: l.categoria,
  video: l.video,
  fotosUrls: l.fotosUrls,
  somenteBuyNowProposta: l.somenteBuyNowProposta,
  finalizacaoManual: l.finalizacaoManual,
  transmissaoNaPista: l.transmissaoNaPista,
  recebeIncrementoTempo: l.recebeIncrementoTempo,
  prioridade: l.prioridade,
  destaque: l.destaque,
  quantidadeFotos: l.quantidadeFotos,
  dataInicio: iso(l.dataInicio),
  dataFim: iso(l.dataFim),
  blackCar10: l.blackCar10,
  sorteioFinalAno: l.sorteioFinalAno,
  laudoCautelarResultado: l.laudoCautelarResultado,
  laudoCautelarObservacao: l.laudoCautelarObservacao,
  carimbos: l.carimbos.map((c) => ({ nome: c.nome, urlCard: c.urlCard, urlLote: c.urlLote, link: c.link })),
});

/**
 * Search rows as the API's JSON array. A card of the instance's card cache is the same object until its
 * lot changes (it is replaced, never modified), so its JSON is kept with it and serialised once.
 */
const jsonDosCards = new WeakMap<LoteCard, string>();
export function jsonDaBusca(lotes: readonly LoteCard[]): JsonPronto {
  const partes = lotes.map((l) => {
    let j = jsonDosCards.get(l);
    if (j === undefined) jsonDosCards.set(l, (j = JSON.stringify(loteDaBusca(l))));
    return j;
  });
  return new JsonPronto(`[${partes.join(',')}]`);
}

/**
 * Whole search answers kept encoded (and gzipped for the first client that takes it), per instance
 * (decision 098): clients repeat the same pages, and joining and encoding 64 kB of JSON was a search's
 * largest cost after the socket. An answer stands while its page holds the very same card objects
 * (a changed lot gets a new card, so no answer outlives a change); the key only finds the candidate.
 */
export function criarRespostasDaBusca({ maxBytes = 8 * 1024 * 1024 } = {}) {
  const guardadas = criarLruPorBytes<{ cards: readonly LoteCard[]; pronto: JsonPronto }>(maxBytes, (r) => r.pronto.bytes);
  return (hotsiteId: number, lotes: readonly LoteCard[]): JsonPronto => {
    const chave = `${hotsiteId}:${lotes.map((l) => l.id).join(',')}`;
    const r = guardadas.usar(chave);
    if (r && r.cards.length === lotes.length && r.cards.every((c, i) => c === lotes[i])) return r.pronto;
    const pronto = jsonDaBusca(lotes);
    guardadas.guardar(chave, { cards: lotes, pronto });
    return pronto;
  };
}

/** A search row (busca-elastic, highlights) as the API's lot. */
export function loteDaBusca(l: LoteCard): LoteApi {
  return {
    ...camposComuns(l),
    posicaoLeilao: l.posicaoLeilao,
    tipoId: l.tipoId,
    dataAlteracao: iso(l.dataAlteracao)!,
    leilao:
      l.leilaoId != null && l.leilaoUid && l.leilaoNome && l.leilaoData && l.leilaoSituacao
        ? {
            id: l.leilaoId,
            uid: l.leilaoUid,
            nome: l.leilaoNome,
            nomeSemData: nomeSemData(l.leilaoNome),
            data: iso(l.leilaoData)!,
            situacao: l.leilaoSituacao,
            modalidade: l.leilaoModalidade ?? 'Online',
          }
        : null,
    localizacao: {
      cidade: l.localizacaoCidade,
      uf: l.localizacaoUf,
      externa: l.localizacaoExterna,
      patio:
        l.patioId != null
          ? { id: l.patioId, uid: l.patioUid!, nome: l.patioNome!, slug: l.patioSlug!, cidade: l.patioCidade!, estadoUf: l.patioEstadoUf! }
          : null,
    },
    veiculo: {
      uid: l.veiculoUid,
      marca: l.marcaNome,
      modelo: l.modelo,
      anoFabricacao: l.anoFabricacao,
      anoModelo: l.anoModelo,
      km: l.km,
      combustivel: l.combustivel,
      cor: l.cor,
      cambio: l.cambio,
      direcao: l.direcao,
      possuiChave: l.possuiChave,
      retomada: l.retomada,
      valorMercado: l.valorMercado,
      prazoDocumento: l.prazoDocumento,
    },
    valor: valorDoLote(l),
    comitente: l.comitenteId != null && l.comitenteNome ? { comId: l.comitenteId, nome: l.comitenteNome, logo: l.comitenteLogo } : null,
    gruposCliente: l.gruposCliente.map((g) => ({ uid: g.uid, nome: g.nome })),
  };
}

/** The lot page's record (obterLote) as the API's lot: every public field, named and nested as the spec. */
export function loteDoDetalhe(l: LoteDetalhe, gruposCliente: readonly { uid: string; nome: string }[]): LoteApi {
  const v = l.veiculo;
  return {
    ...camposComuns(l),
    tipoId: l.veiculoTipoId,
    descricao: l.descricao,
    dataAlteracao: iso(l.updatedAt)!,
    leilao: l.leilao ? { ...l.leilao, data: iso(l.leilao.data)! } : null,
    localizacao: { cidade: l.localizacaoCidade, uf: l.localizacaoUf, externa: l.localizacaoExterna, patio: l.patio },
    veiculo: {
      uid: v.uid,
      marca: l.marca,
      modelo: v.modelo,
      anoFabricacao: v.anoFabricacao,
      anoModelo: v.anoModelo,
      km: v.km,
      combustivel: v.combustivel,
      cor: v.cor,
      cambio: v.cambio,
      direcao: v.direcao,
      possuiChave: v.possuiChave,
      retomada: v.retomada,
      valorMercado: v.valorMercado,
      prazoDocumento: v.prazoDocumento,
      nome: v.nome,
      versao: v.versao,
      situacao: v.situacao,
      placaMascarada: v.placaMascarada,
      placaFinal: v.placaFinal,
      placaUfe: v.placaUfe,
      estadoConservacao: v.estadoConservacao,
      informacoesFipe:
        v.fipeNome || v.fipeValor != null
          ? { nome: v.fipeNome, valor: v.fipeValor, codigo: v.fipeCodigo, dataAtualizacao: iso(v.fipeDataAtualizacao) }
          : null,
      laudoUrl: v.laudoUrl,
      spincar: v.spincar,
      videoUrl: v.videoUrl,
      sinistro: v.sinistro,
      informacaoComplementar: v.informacaoComplementar,
      itensDetalhados: v.itensDetalhados,
    },
    arquivos: l.arquivos,
    valor: valorDoLote(l),
    comitente:
      l.comitente?.id != null && l.comitente.nome ? { comId: l.comitente.id, nome: l.comitente.nome, logo: l.comitente.logo } : null,
    gruposCliente: gruposCliente.map((g) => ({ uid: g.uid, nome: g.nome })),
  };
}
