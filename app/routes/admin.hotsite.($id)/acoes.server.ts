import { lerFormulario as lerFormularioComLimites } from '~/utils/formulario.server';
import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { apagarBanner, salvarBanner } from '~/modules/conteudo/banners.server';
import {
  adicionarItem,
  adicionarSessao,
  apagarItem,
  apagarSessao,
  atualizarItem,
  atualizarPagina,
  atualizarSessao,
  copiaDoItem,
  criarPagina,
  localizarItem,
  localizarPagina,
  localizarSessao,
  mudarPrioridadeSessao,
} from '~/modules/conteudo/construtor.server';
import { atribuirMkt, atualizarHotsite, criarHotsite, enviarImagem, type TipoArquivo } from '~/modules/hotsites/admin.server';
import { camposDoFormulario, hotsiteDoFormulario } from '~/modules/hotsites/formulario-marca';
import { ehAdm, exigirEdicaoHotsite } from '~/modules/identidade/permissoes-marca.server';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { ErroHttp, errosPorCampo } from '~/utils/errors';
import { deCampoDataHora } from '~/utils/campo-data-hora';
import type { TipoToast } from '~/components/toast';

/** What every action answers: a toast to show, and on failure the message and per-field errors. */
export interface RespostaAcao {
  ok: boolean;
  acao: string;
  alvo?: string;
  toast?: { texto: string; tipo: TipoToast };
  mensagem?: string;
  erros?: Record<string, string[]>;
  redirecionar?: string;
  status?: number;
}

export const TOASTS = {
  salvo: { texto: 'Salvo com sucesso', tipo: 'sucesso' },
  duplicado: { texto: 'Item duplicado com sucesso', tipo: 'sucesso' },
  apagado: { texto: 'Item apagado com sucesso', tipo: 'aviso' },
} as const;

const LIMITE_PARTE = 2_000_000;

/** The editor's forms: urlencoded, or multipart with at most the brand's images (logo, favicon, banners). */
export const lerFormulario = (request: Request) => lerFormularioComLimites(request, { arquivos: 4, bytesPorArquivo: LIMITE_PARTE });

const arquivoEnviado = (v: FormDataEntryValue | null): File | null => (v && typeof v !== 'string' && v.size > 0 ? v : null);

async function guardarImagem(ctx: AppLoadContext, hotsiteId: number, form: FormData, nome: string, tipo: TipoArquivo, usuarioId: number) {
  const arquivo = arquivoEnviado(form.get(nome));
  if (!arquivo) return null;
  return enviarImagem({ db: ctx.db, hotsiteId, tipo, nome: arquivo.name, conteudo: Buffer.from(await arquivo.arrayBuffer()), usuarioId });
}

const texto = (form: FormData, nome: string) => {
  const v = form.get(nome);
  return typeof v === 'string' ? v : undefined;
};

/** Item fields from a builder form; an uploaded image wins over a typed address. */
async function itemDoFormulario(ctx: AppLoadContext, hotsiteId: number, form: FormData, usuarioId: number) {
  const imagem = (await guardarImagem(ctx, hotsiteId, form, 'imagemArquivo', 'imagem', usuarioId)) ?? texto(form, 'imagem');
  const imagemMobile =
    (await guardarImagem(ctx, hotsiteId, form, 'imagemMobileArquivo', 'imagem', usuarioId)) ?? texto(form, 'imagemMobile');
  return {
    titulo: texto(form, 'titulo'),
    subtitulo: texto(form, 'subtitulo'),
    texto: texto(form, 'texto'),
    textoBotao: texto(form, 'textoBotao'),
    imagem,
    imagemMobile,
    icone: texto(form, 'icone'),
    modelo: texto(form, 'modelo'),
    link: texto(form, 'link'),
    prioridade: texto(form, 'prioridade') || 0,
    corTexto: form.get('usarCorTexto') === 'on' ? texto(form, 'corTexto') : null,
    corFundo: form.get('usarCorFundo') === 'on' ? texto(form, 'corFundo') : null,
    dataInicio: deCampoDataHora(form.get('dataInicio')),
    dataFim: deCampoDataHora(form.get('dataFim')),
  };
}

const sessaoDoFormulario = (form: FormData) => ({
  elemento: texto(form, 'elemento'),
  nome: texto(form, 'nome'),
  ativo: form.get('ativo') === 'on',
  tamanhoColuna: texto(form, 'tamanhoColuna'),
  margemCabecalho: texto(form, 'margemCabecalho'),
  margemRodape: texto(form, 'margemRodape'),
  container: texto(form, 'container') || null,
});

const paginaDoFormulario = (form: FormData) => ({
  uri: texto(form, 'uri'),
  titulo: texto(form, 'titulo'),
  descricao: texto(form, 'descricao'),
  keywords: texto(form, 'keywords'),
  tituloPagina: texto(form, 'tituloPagina'),
  descricaoPagina: texto(form, 'descricaoPagina'),
  imagemPrincipal: texto(form, 'imagemPrincipal'),
  modeloPagina: texto(form, 'modeloPagina'),
  container: texto(form, 'container'),
});

/**
 * One action for the brand screen: `_acao` names the change. Every change checks the editor may edit
 * the brand the row belongs to (ADM: all; MKT: assigned), and brand changes publish hotsite-alterado
 * after commit so every instance drops its cached brand.
 */
export async function executarAcao(
  ctx: AppLoadContext,
  usuario: UsuarioLogado,
  hotsiteId: number | null,
  form: FormData,
): Promise<RespostaAcao> {
  const acao = String(form.get('_acao') ?? '');
  const alvo = texto(form, 'alvo');
  const base = { acao, alvo };
  const { db } = ctx;
  const uid = usuario.id;
  const somenteAdm = () => {
    if (!ehAdm(usuario)) throw new ErroHttp(403, 'Somente Interno - ADM altera os dados da marca');
  };
  const editar = async (id: number) => exigirEdicaoHotsite({ db, usuario, hotsiteId: id });
  const ref = () => z.string().min(1).parse(alvo);

  try {
    if (!hotsiteId && acao !== 'salvar-marca') throw new ErroHttp(400, 'Salve a marca antes de editar suas páginas');
    switch (acao) {
      case 'salvar-marca': {
        somenteAdm();
        const entrada = hotsiteDoFormulario(camposDoFormulario(form));
        const id = hotsiteId
          ? (await atualizarHotsite({ db, hotsiteId, entrada, usuarioId: uid })).id
          : (await criarHotsite({ db, entrada, usuarioId: uid })).id;
        await guardarImagem(ctx, id, form, 'logoArquivo', 'logo', uid);
        await guardarImagem(ctx, id, form, 'faviconArquivo', 'favicon', uid);
        await ctx.hotsites.hotsiteAlterado(id);
        return { ...base, ok: true, toast: TOASTS.salvo, redirecionar: hotsiteId ? undefined : `/admin/hotsite/${id}` };
      }
      case 'atribuir-mkt': {
        somenteAdm();
        await atribuirMkt({
          db,
          hotsiteId: hotsiteId!,
          entrada: { usuarioId: texto(form, 'usuarioId'), atribuir: form.get('atribuir') === 'sim' },
          porUsuarioId: uid,
        });
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'nova-pagina': {
        await editar(hotsiteId!);
        const p = await criarPagina({ db, hotsiteId: hotsiteId!, entrada: paginaDoFormulario(form), usuarioId: uid });
        return { ...base, ok: true, toast: TOASTS.salvo, redirecionar: `/admin/hotsite/${hotsiteId}?aba=paginas&pagina=${p.uid}` };
      }
      case 'salvar-pagina': {
        const p = await localizarPagina({ db, ref: ref() });
        await editar(p.hotsiteId);
        await atualizarPagina({ db, hotsiteId: p.hotsiteId, paginaId: p.id, entrada: paginaDoFormulario(form), usuarioId: uid });
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'nova-sessao': {
        const nova = await adicionarSessao({ db, entrada: { ...sessaoDoFormulario(form), ativo: true, paginaUid: ref() }, usuarioId: uid });
        await editar(nova.hotsiteId);
        await nova.gravar();
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'salvar-sessao': {
        const s = await localizarSessao({ db, ref: ref() });
        await editar(s.hotsiteId);
        await atualizarSessao({ db, hotsiteId: s.hotsiteId, sessaoId: s.id, entrada: sessaoDoFormulario(form), usuarioId: uid });
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'prioridade-sessao': {
        const s = await localizarSessao({ db, ref: ref() });
        await editar(s.hotsiteId);
        await mudarPrioridadeSessao({
          db,
          hotsiteId: s.hotsiteId,
          sessaoId: s.id,
          entrada: { prioridade: texto(form, 'prioridade') },
          usuarioId: uid,
        });
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'apagar-sessao': {
        const s = await localizarSessao({ db, ref: ref() });
        await editar(s.hotsiteId);
        await apagarSessao({ db, hotsiteId: s.hotsiteId, sessaoId: s.id, usuarioId: uid });
        return { ...base, ok: true, toast: { texto: 'Seção apagada com sucesso', tipo: 'aviso' } };
      }
      case 'novo-item': {
        const s = await localizarSessao({ db, ref: ref() });
        await editar(s.hotsiteId);
        const novo = await adicionarItem({
          db,
          entrada: { ...(await itemDoFormulario(ctx, s.hotsiteId, form, uid)), sessaoUid: ref() },
          usuarioId: uid,
        });
        await novo.gravar();
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'salvar-item': {
        const i = await localizarItem({ db, ref: ref() });
        await editar(i.hotsiteId);
        await atualizarItem({
          db,
          hotsiteId: i.hotsiteId,
          itemId: i.id,
          entrada: await itemDoFormulario(ctx, i.hotsiteId, form, uid),
          usuarioId: uid,
        });
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'duplicar-item': {
        // Duplicating posts a copy of the item's fields, as the API client does.
        const i = await localizarItem({ db, ref: ref() });
        await editar(i.hotsiteId);
        const copia = await adicionarItem({ db, entrada: await copiaDoItem({ db, hotsiteId: i.hotsiteId, itemId: i.id }), usuarioId: uid });
        await copia.gravar('duplicou');
        return { ...base, ok: true, toast: TOASTS.duplicado };
      }
      case 'apagar-item': {
        const i = await localizarItem({ db, ref: ref() });
        await editar(i.hotsiteId);
        await apagarItem({ db, hotsiteId: i.hotsiteId, itemId: i.id, usuarioId: uid });
        return { ...base, ok: true, toast: TOASTS.apagado };
      }
      case 'salvar-banner': {
        await editar(hotsiteId!);
        const imagem = (await guardarImagem(ctx, hotsiteId!, form, 'imagemArquivo', 'imagem', uid)) ?? texto(form, 'imagem');
        const imagemMobile =
          (await guardarImagem(ctx, hotsiteId!, form, 'imagemMobileArquivo', 'imagem', uid)) ?? texto(form, 'imagemMobile');
        await salvarBanner({
          db,
          hotsiteId: hotsiteId!,
          bannerId: alvo ? z.coerce.number().int().positive().parse(alvo) : undefined,
          entrada: {
            posicaoBanner: texto(form, 'posicaoBanner'),
            leiUid: texto(form, 'leiUid'),
            nome: texto(form, 'nome'),
            categoria: texto(form, 'categoria'),
            dataInicio: deCampoDataHora(form.get('dataInicio')),
            dataFim: deCampoDataHora(form.get('dataFim')),
            imagem,
            imagemMobile,
            urlDestino: texto(form, 'urlDestino'),
            ativo: form.get('ativo') === 'on',
            prioridade: texto(form, 'prioridade') || 0,
          },
          usuarioId: uid,
        });
        // Every instance drops the brand's kept banners (and the brand): the site shows the change at once.
        await ctx.hotsites.hotsiteAlterado(hotsiteId!);
        return { ...base, ok: true, toast: TOASTS.salvo };
      }
      case 'apagar-banner': {
        await editar(hotsiteId!);
        await apagarBanner({ db, hotsiteId: hotsiteId!, bannerId: z.coerce.number().int().positive().parse(alvo), usuarioId: uid });
        await ctx.hotsites.hotsiteAlterado(hotsiteId!);
        return { ...base, ok: true, toast: { texto: 'Banner apagado com sucesso', tipo: 'aviso' } };
      }
      default:
        throw new ErroHttp(400, 'Ação desconhecida');
    }
  } catch (erro) {
    if (erro instanceof z.ZodError) {
      return { ...base, ok: false, status: 400, mensagem: erro.issues[0]?.message ?? 'Dados inválidos', erros: errosPorCampo(erro) };
    }
    if (erro instanceof ErroHttp) return { ...base, ok: false, status: erro.status, mensagem: erro.mensagem, erros: erro.detalhes };
    throw erro;
  }
}

/** HTTP status for an action's answer: refusals keep their status, bad input is 400. */
export const statusDaResposta = (r: RespostaAcao) => (r.ok ? 200 : (r.status ?? 400));
