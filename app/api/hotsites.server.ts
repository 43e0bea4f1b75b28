import type { Request } from 'express';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hotsite } from '@db/schema';
import type { Contexto } from '~/context';
import { bannersAtivos } from '~/modules/conteudo/banners.server';
import { buscarPagina } from '~/modules/conteudo/content.server';
import {
  adicionarItem,
  adicionarSessao,
  apagarItem,
  apagarSessao,
  atualizarItem,
  atualizarPagina,
  atualizarSessao,
  configuracaoPagina,
  conteudoPaginaLogin,
  criarPagina,
  localizarItem,
  localizarPagina,
  localizarSessao,
  mudarPrioridadeSessao,
} from '~/modules/conteudo/construtor.server';
import { atualizarHotsite, buscarHotsiteAdmin, criarHotsite, listarHotsites } from '~/modules/hotsites/admin.server';
import { exigirEdicaoHotsite, hotsitesEditaveis, PAPEIS_EDITORES } from '~/modules/identidade/permissoes-marca.server';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { naoEncontrado } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import type { RotaApi } from './rota.server';
import { instante, mensagemSchema, uuid } from './esquemas';
import { marcaSchema } from '~/modules/hotsites/hotsite.schema';
import { CONTAINERS, MARGENS, TAMANHOS_COLUNA } from '~/modules/conteudo/blocks';
import { hotsiteInputSchema } from '~/modules/hotsites/hotsite-input.schema';
import {
  itemEdicaoSchema,
  itemNovoSchema,
  paginaEdicaoSchema,
  prioridadeSchema,
  sessaoEdicaoSchema,
  sessaoNovaSchema,
} from '~/modules/conteudo/construtor.schema';
import { BANNER_POSICOES } from '@db/schema';

/**
 * Hotsite onboarding and content (spec section 7, "Hotsite content"). Staff calls need Interno - ADM
 * (brands) or ADM/MKT (content; MKT only on assigned brands). Brand changes publish hotsite-alterado
 * on the bus after commit, so every instance drops its cached brand.
 */
const idNumerico = idSchema('id inválido');

/** The brand a content call is about: `hotsiteId`/`hotUid` in the body or query, else the site's own. */
async function hotsiteAlvo(req: Request, { db, marca }: Contexto): Promise<number> {
  const fonte = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' && req.body ? req.body : {}) };
  if (fonte.hotsiteId !== undefined && fonte.hotsiteId !== null && fonte.hotsiteId !== '') return idNumerico.parse(fonte.hotsiteId);
  if (typeof fonte.hotUid === 'string' && fonte.hotUid) {
    const uid = z.uuid('hotUid inválido').parse(fonte.hotUid);
    const [h] = await db.select({ id: hotsite.id }).from(hotsite).where(eq(hotsite.uid, uid));
    if (!h) throw naoEncontrado('Hotsite não encontrado');
    return h.id;
  }
  return marca.id;
}

const uriDaConsulta = (req: Request) => z.string({ error: 'Informe a uri' }).trim().min(1, 'Informe a uri').max(80).parse(req.query.uri);

const TAG_MARCAS = 'Marcas (hotsites)';
const TAG_CONTEUDO = 'Conteúdo';
const EDITOR = 'Interno - ADM, ou Interno - MKT nas marcas atribuídas';
const paramsId = z.object({ id: idNumerico });
const paramsRef = z.object({ id: z.string().meta({ description: 'uid ou id' }) });
const consultaUri = z.object({ uri: z.string().min(1).max(80) });
const alvo = z.object({ hotsiteId: idNumerico.optional(), hotUid: z.uuid().optional() });
const consultaBanners = z.object({ posicaoBannerUid: z.enum(BANNER_POSICOES).optional(), leiUid: z.uuid().optional() });

const m = marcaSchema.shape;
const cor = z.string().meta({ description: 'Cor em hexadecimal (#rrggbb)' });
/**
 * GET /hotsite/public: the brand as marcaSchema made it. That schema reads stored data (colours
 * re-serialised, a bad value caught as its default), so the answer is its output: the same fields
 * with the caught and transformed ones as they come out.
 */
export const marcaApiSchema = marcaSchema
  .extend({
    descricao: m.descricao.unwrap(),
    telefoneContato: m.telefoneContato.unwrap(),
    whatsappContato: m.whatsappContato.unwrap(),
    emailContato: m.emailContato.unwrap(),
    corPrimaria: cor,
    corSecundaria: cor,
    corGradient1: cor,
    corGradient2: cor,
    corGradient3: cor,
    fonte: m.fonte.unwrap(),
    googleAnalytics: m.googleAnalytics.unwrap(),
    scriptCabecalho: m.scriptCabecalho.unwrap().meta({ description: 'Só o id de um contêiner do Google Tag Manager' }),
    logo: m.logo.unwrap(),
    favicon: m.favicon.unwrap(),
    linkCanonico: m.linkCanonico.unwrap(),
    subdomain: m.subdomain.unwrap(),
    redesSociais: m.redesSociais.unwrap(),
    rodape: m.rodape.unwrap(),
    endereco: m.endereco.unwrap(),
    visualizacaoInicio: instante.nullable(),
    visualizacaoFim: instante.nullable(),
    cadastroInicio: instante.nullable(),
    cadastroFim: instante.nullable(),
    tipoHabilitacao: m.tipoHabilitacao.unwrap(),
    habilitacaoComAprovacao: m.habilitacaoComAprovacao.unwrap(),
  })
  .meta({ id: 'Marca', description: 'O que o navegador pode ver da marca (nunca credenciais nem o script bruto do cabeçalho)' });

const textoOuNulo = z.string().nullable();
/** An item's content, as the public page and the page builder both show it. */
const camposDoItem = {
  titulo: textoOuNulo,
  subtitulo: textoOuNulo,
  texto: textoOuNulo,
  textoBotao: textoOuNulo,
  imagem: textoOuNulo,
  imagemMobile: textoOuNulo,
  icone: textoOuNulo,
  modelo: textoOuNulo,
  link: textoOuNulo,
  prioridade: z.number().int(),
  corTexto: textoOuNulo,
  corFundo: textoOuNulo,
  dataInicio: instante.nullable(),
  dataFim: instante.nullable(),
};
const itemPublicoSchema = z
  .object({
    uid: uuid,
    ...camposDoItem,
  })
  .meta({ id: 'ItemDeSessao' });
const sessaoPublicaSchema = z
  .object({
    uid: uuid,
    elemento: z.string().meta({ description: 'O tipo do bloco (carrossel, perguntas, lotes-destaque...)' }),
    nome: z.string(),
    ativo: z.boolean(),
    tamanhoColuna: z.enum(TAMANHOS_COLUNA),
    margemCabecalho: z.enum(MARGENS),
    margemRodape: z.enum(MARGENS),
    container: z.enum(CONTAINERS).nullable(),
    prioridade: z.number().int(),
    itens: z.array(itemPublicoSchema).meta({ description: 'Só os itens no ar agora' }),
  })
  .meta({ id: 'SessaoDePagina' });
const paginaPublicaSchema = z
  .object({
    uid: uuid,
    uri: z.string(),
    titulo: z.string(),
    descricao: z.string(),
    keywords: textoOuNulo,
    tituloPagina: textoOuNulo,
    descricaoPagina: textoOuNulo,
    imagemPrincipal: textoOuNulo,
    container: z.enum(CONTAINERS),
    sessoes: z
      .array(sessaoPublicaSchema)
      .meta({ description: 'Só as seções ativas com itens no ar (ou que não precisam de itens), por prioridade' }),
  })
  .meta({ id: 'PaginaPublica' });
const sessaoDoLoginSchema = z
  .object({
    uid: uuid,
    nome: z.string(),
    prioridade: z.number().int(),
    uri: z.string(),
    elemento: z.string(),
    ativo: z.boolean(),
    itens: z.array(z.object({ uid: uuid, titulo: textoOuNulo, subtitulo: textoOuNulo, imagem: textoOuNulo, link: textoOuNulo })),
  })
  .meta({ id: 'SessaoDaPaginaDeLogin' });
const bannerAtivoSchema = z
  .object({
    uid: uuid,
    posicaoBannerUid: z.enum(BANNER_POSICOES),
    leiUid: uuid.nullable(),
    nome: z.string(),
    categoria: textoOuNulo,
    dataFim: instante.nullable(),
    imagem: z.string(),
    imagemMobile: textoOuNulo,
    urlDestino: textoOuNulo,
  })
  .meta({ id: 'BannerAtivo' });

/** GET /hotsite/admin(/:id): every stored field of the brand except the DNS credentials (admin.server.ts `HotsiteAdmin`). */
const jsonLivre = (description: string) => z.unknown().meta({ description });
const hotsiteAdminSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    chave: z.string().meta({ description: 'Pasta em tenants/ (ou o slug do operador)' }),
    tipo: z.enum(['leilao', 'loja']),
    modoSite: z.enum(['leilao', 'loja', 'oferta-automatica']),
    nome: z.string(),
    descricao: z.string(),
    telefoneContato: z.string(),
    whatsappContato: textoOuNulo,
    emailContato: textoOuNulo,
    apiUrl: textoOuNulo,
    corPrimaria: z.string(),
    corSecundaria: z.string(),
    corGradient1: z.string(),
    corGradient2: z.string(),
    corGradient3: z.string(),
    fonte: textoOuNulo,
    googleAnalytics: textoOuNulo,
    logo: textoOuNulo,
    favicon: textoOuNulo,
    domain: textoOuNulo,
    subdomain: textoOuNulo,
    linkCanonico: textoOuNulo,
    urls: jsonLivre('URLs do site e da API por ambiente'),
    scriptCabecalho: textoOuNulo.meta({ description: 'O script do cabeçalho como foi salvo' }),
    cadastroInicio: instante.nullable(),
    cadastroFim: instante.nullable(),
    visualizacaoInicio: instante.nullable(),
    visualizacaoFim: instante.nullable(),
    permitirCpf: z.boolean(),
    permitirCnpj: z.boolean(),
    manterCondicional: z.boolean(),
    tipoHabilitacao: z.enum(['nenhuma', 'por-leilao', 'por-hotsite']),
    habilitacaoComAprovacao: z.boolean(),
    loginObrigatorioVisualizar: z.boolean(),
    paginaIds: jsonLivre('Ids das páginas da marca'),
    endereco: jsonLivre('Endereço da marca (ou null)'),
    confirmacoesObrigatorias: jsonLivre('Confirmações exigidas do cliente'),
    documentosObrigatorios: jsonLivre('Documentos exigidos do cliente'),
    redesSociais: jsonLivre('Redes sociais'),
    rodape: textoOuNulo,
    ativo: z.boolean(),
    indicacaoRecompensa: z
      .number()
      .int()
      .meta({ description: 'Indique e ganhe: crédito em centavos a quem indicou, na primeira compra paga do amigo (0 = sem programa)' }),
    datasSemLeilao: z.array(z.string()).meta({ description: 'Datas (AAAA-MM-DD) sem leilão além dos feriados: feriados locais da praça' }),
    prazosComprador: jsonLivre('Regras dos prazos do comprador (dias úteis para comprovantes...)'),
    updatedBy: z.number().int().nullable().meta({ description: 'id do usuário que alterou por último' }),
    createdAt: instante,
    updatedAt: instante,
  })
  .meta({ id: 'MarcaAdmin', description: 'A marca inteira para quem a edita (nunca as credenciais de DNS)' });

/** GET /hotsite/paginas/configuracao (construtor.server.ts configuracaoPagina): the page, its sections and items, without hotsiteId. */
const containerSchema = z.enum(['620', '860', '960', '1140', 'fluido']);
const margemSchema = z.enum(['zero', 'pequena', 'media', 'grande']);
const alteradoPor = z.number().int().nullable().meta({ description: 'id do usuário que alterou por último' });
const itemDaConfiguracaoSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    sessaoId: z.number().int(),
    sessaoUid: uuid,
    ...camposDoItem,
    updatedBy: alteradoPor,
    createdAt: instante,
    updatedAt: instante,
  })
  .meta({ id: 'ItemDaConfiguracao' });
const sessaoDaConfiguracaoSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    paginaId: z.number().int(),
    paginaUid: uuid,
    elemento: z.string(),
    nome: z.string(),
    ativo: z.boolean(),
    tamanhoColuna: z.enum(['inteira', 'metade']),
    margemCabecalho: margemSchema,
    margemRodape: margemSchema,
    container: containerSchema.nullable(),
    prioridade: z.number().int(),
    updatedBy: alteradoPor,
    createdAt: instante,
    updatedAt: instante,
    itens: z.array(itemDaConfiguracaoSchema).meta({ description: 'Todos os itens, em ordem (também os fora da janela de datas)' }),
  })
  .meta({ id: 'SessaoDaConfiguracao' });
const configuracaoPaginaSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    uri: z.string(),
    titulo: z.string(),
    descricao: z.string(),
    keywords: textoOuNulo,
    handleScript: textoOuNulo,
    tituloPagina: textoOuNulo,
    descricaoPagina: textoOuNulo,
    imagemPrincipal: textoOuNulo,
    modeloPagina: textoOuNulo,
    container: containerSchema,
    ativo: z.boolean(),
    updatedBy: alteradoPor,
    createdAt: instante,
    updatedAt: instante,
    sessoes: z.array(sessaoDaConfiguracaoSchema).meta({ description: 'Todas as seções (ativas ou não), em ordem' }),
  })
  .meta({ id: 'ConfiguracaoDePagina' });

export function rotasHotsite(): RotaApi[] {
  const editor = async (req: Request, ctx: Contexto, hotsiteId: number) => {
    const u = await exigirPapelApi(req, ctx, PAPEIS_EDITORES);
    await exigirEdicaoHotsite({ db: ctx.db, usuario: u, hotsiteId });
    return u;
  };
  return [
    // ── Brands (Interno - ADM) ──
    {
      metodo: 'get',
      caminho: '/hotsite/admin',
      resumo: 'Marcas que o usuário pode editar',
      tag: TAG_MARCAS,
      acesso: EDITOR,
      resposta: z.array(hotsiteAdminSchema),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_EDITORES);
        return listarHotsites({ db: ctx.db, ids: await hotsitesEditaveis({ db: ctx.db, usuario: u }) });
      },
    },
    {
      metodo: 'get',
      caminho: '/hotsite/admin/:id',
      resumo: 'Uma marca, completa',
      tag: TAG_MARCAS,
      acesso: EDITOR,
      params: paramsId,
      resposta: hotsiteAdminSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_EDITORES);
        const hotsiteId = idNumerico.parse(req.params.id);
        await exigirEdicaoHotsite({ db: ctx.db, usuario: u, hotsiteId });
        return buscarHotsiteAdmin({ db: ctx.db, hotsiteId });
      },
    },
    {
      metodo: 'post',
      caminho: '/hotsite/admin',
      resumo: 'Criar uma marca',
      tag: TAG_MARCAS,
      acesso: 'Interno - ADM',
      corpo: hotsiteInputSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEIS_INTERNOS.ADM]);
        const { id } = await criarHotsite({ db: ctx.db, entrada: req.body, usuarioId: u.id });
        await ctx.hotsites.hotsiteAlterado(id);
        res.status(201);
        return buscarHotsiteAdmin({ db: ctx.db, hotsiteId: id });
      },
    },
    {
      metodo: 'put',
      caminho: '/hotsite/admin/:id',
      resumo: 'Alterar uma marca',
      tag: TAG_MARCAS,
      acesso: 'Interno - ADM',
      params: paramsId,
      corpo: hotsiteInputSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEIS_INTERNOS.ADM]);
        const hotsiteId = idNumerico.parse(req.params.id);
        await atualizarHotsite({ db: ctx.db, hotsiteId, entrada: req.body, usuarioId: u.id });
        await ctx.hotsites.hotsiteAlterado(hotsiteId);
        return buscarHotsiteAdmin({ db: ctx.db, hotsiteId });
      },
    },
    // ── Public content of this site ──
    {
      metodo: 'get',
      caminho: '/hotsite/conteudo-pagina',
      resumo: 'Conteúdo publicado de uma página do site',
      tag: TAG_CONTEUDO,
      query: consultaUri,
      resposta: paginaPublicaSchema,
      handler: async (req, _res, { db, marca }) => {
        const pagina = await buscarPagina({ db, hotsiteId: marca.id, uri: uriDaConsulta(req) });
        if (!pagina) throw naoEncontrado('Página não encontrada');
        return pagina;
      },
    },
    {
      metodo: 'get',
      caminho: '/hotsite/:id/conteudo-pagina-login',
      resumo: 'Conteúdo da página de login (só da própria marca): as seções da página "login", vazio sem ela',
      tag: TAG_CONTEUDO,
      params: paramsId,
      resposta: z.array(sessaoDoLoginSchema),
      handler: async (req, _res, { db, marca }) => {
        const id = idNumerico.parse(req.params.id);
        // A site reads only its own login content.
        if (id !== marca.id) throw naoEncontrado('Hotsite não encontrado');
        return conteudoPaginaLogin({ db, hotsiteId: id });
      },
    },
    {
      metodo: 'get',
      caminho: '/banners/ativo',
      resumo: 'Banners vigentes (por posição e/ou leilão)',
      tag: TAG_CONTEUDO,
      query: consultaBanners,
      resposta: z.array(bannerAtivoSchema),
      handler: async (req, _res, { db, marca, hotsites }) =>
        bannersAtivos({
          db,
          cache: hotsites,
          hotsiteId: marca.id,
          posicao: typeof req.query.posicaoBannerUid === 'string' && req.query.posicaoBannerUid ? req.query.posicaoBannerUid : undefined,
          leiUid: typeof req.query.leiUid === 'string' && req.query.leiUid ? req.query.leiUid : undefined,
        }),
    },
    // ── Page builder (ADM, or MKT on assigned brands) ──
    {
      metodo: 'get',
      caminho: '/hotsite/paginas/configuracao',
      resumo: 'Configuração de uma página no construtor',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      query: consultaUri.extend(alvo.shape),
      resposta: configuracaoPaginaSchema,
      handler: async (req, _res, ctx) => {
        const hotsiteId = await hotsiteAlvo(req, ctx);
        await editor(req, ctx, hotsiteId);
        return configuracaoPagina({ db: ctx.db, hotsiteId, uri: uriDaConsulta(req) });
      },
    },
    {
      metodo: 'post',
      caminho: '/hotsite/paginas',
      resumo: 'Criar página',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      corpo: paginaEdicaoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const hotsiteId = await hotsiteAlvo(req, ctx);
        const u = await editor(req, ctx, hotsiteId);
        res.status(201);
        return criarPagina({ db: ctx.db, hotsiteId, entrada: req.body, usuarioId: u.id });
      },
    },
    {
      metodo: 'put',
      caminho: '/hotsite/paginas/sessao/prioridade/:id',
      resumo: 'Subir ou descer uma seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      corpo: prioridadeSchema,
      handler: async (req, _res, ctx) => {
        const s = await localizarSessao({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, s.hotsiteId);
        return mudarPrioridadeSessao({ db: ctx.db, hotsiteId: s.hotsiteId, sessaoId: s.id, entrada: req.body, usuarioId: u.id });
      },
    },
    {
      metodo: 'post',
      caminho: '/hotsite/paginas/sessao/itens',
      resumo: 'Adicionar (ou duplicar) item de seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      corpo: itemNovoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_EDITORES);
        const novo = await adicionarItem({ db: ctx.db, entrada: req.body, usuarioId: u.id });
        await exigirEdicaoHotsite({ db: ctx.db, usuario: u, hotsiteId: novo.hotsiteId });
        res.status(201);
        return novo.gravar();
      },
    },
    {
      metodo: 'put',
      caminho: '/hotsite/paginas/sessao/itens/:id',
      resumo: 'Alterar item de seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      corpo: itemEdicaoSchema,
      handler: async (req, _res, ctx) => {
        const i = await localizarItem({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, i.hotsiteId);
        return atualizarItem({ db: ctx.db, hotsiteId: i.hotsiteId, itemId: i.id, entrada: req.body, usuarioId: u.id });
      },
    },
    {
      metodo: 'delete',
      caminho: '/hotsite/paginas/sessao/itens/:id',
      resumo: 'Apagar item de seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const i = await localizarItem({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, i.hotsiteId);
        await apagarItem({ db: ctx.db, hotsiteId: i.hotsiteId, itemId: i.id, usuarioId: u.id });
        return { mensagem: 'Item apagado com sucesso' };
      },
    },
    {
      metodo: 'post',
      caminho: '/hotsite/paginas/sessao',
      resumo: 'Adicionar seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      corpo: sessaoNovaSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_EDITORES);
        const nova = await adicionarSessao({ db: ctx.db, entrada: req.body, usuarioId: u.id });
        await exigirEdicaoHotsite({ db: ctx.db, usuario: u, hotsiteId: nova.hotsiteId });
        res.status(201);
        return nova.gravar();
      },
    },
    {
      metodo: 'put',
      caminho: '/hotsite/paginas/sessao/:id',
      resumo: 'Alterar seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      corpo: sessaoEdicaoSchema,
      handler: async (req, _res, ctx) => {
        const s = await localizarSessao({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, s.hotsiteId);
        return atualizarSessao({ db: ctx.db, hotsiteId: s.hotsiteId, sessaoId: s.id, entrada: req.body, usuarioId: u.id });
      },
    },
    {
      metodo: 'delete',
      caminho: '/hotsite/paginas/sessao/:id',
      resumo: 'Apagar seção',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const s = await localizarSessao({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, s.hotsiteId);
        await apagarSessao({ db: ctx.db, hotsiteId: s.hotsiteId, sessaoId: s.id, usuarioId: u.id });
        return { mensagem: 'Seção apagada com sucesso' };
      },
    },
    {
      metodo: 'put',
      caminho: '/hotsite/paginas/:id',
      resumo: 'Alterar página',
      tag: TAG_CONTEUDO,
      acesso: EDITOR,
      params: paramsRef,
      corpo: paginaEdicaoSchema,
      handler: async (req, _res, ctx) => {
        const p = await localizarPagina({ db: ctx.db, ref: req.params.id });
        const u = await editor(req, ctx, p.hotsiteId);
        return atualizarPagina({ db: ctx.db, hotsiteId: p.hotsiteId, paginaId: p.id, entrada: req.body, usuarioId: u.id });
      },
    },
  ];
}
