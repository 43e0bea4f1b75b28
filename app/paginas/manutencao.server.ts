import type { AppLoadContext } from '@remix-run/node';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { estadoDaManutencao } from '~/modules/operacoes/manutencao';
import { janelasDaMarca } from '~/modules/operacoes/manutencao.server';
import { formatarDataHora } from '~/utils/format';

const m = operacoes.manutencao;

/**
 * The banner every page shows about the brand's maintenance: ahead of a window (decision 193: within
 * 72 h) its dates; during one, only staff get this far (everyone else gets the 503 page), and they are
 * told the site is closed to the public.
 */
export async function avisoDeManutencao(context: Pick<AppLoadContext, 'db' | 'hotsites' | 'marca'>) {
  const janelas = await janelasDaMarca({ db: context.db, hotsites: context.hotsites, hotsiteId: context.marca.id });
  if (!janelas.length) return null;
  const e = estadoDaManutencao(janelas, new Date());
  if (e.tipo === 'nenhuma') return null;
  const fim = formatarDataHora(e.janela.fim);
  return e.tipo === 'ativa'
    ? { tipo: e.tipo, texto: m.avisoEquipe.replace('{fim}', fim) }
    : { tipo: e.tipo, texto: m.aviso.replace('{inicio}', formatarDataHora(e.janela.inicio)).replace('{fim}', fim) };
}
