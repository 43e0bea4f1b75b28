import type { RequestHandler } from 'express';
import type { Contexto } from '~/context';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { CAMINHOS_DURANTE_MANUTENCAO, estadoDaManutencao } from '~/modules/operacoes/manutencao';
import { janelasDaMarca } from '~/modules/operacoes/manutencao.server';
import { corpoDeErroDaApi } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { paginaSimples, ROTA_DA_API } from './respostas.server';

const m = operacoes.manutencao;

/**
 * Inside a brand's maintenance window (decision 193) every request but staff's answers 503 with
 * `Retry-After` (seconds to the window's end) and the maintenance page, or the API's error body; the
 * way in (login, 2FA) stays open so staff can log in and keep working. Outside a window it costs one
 * lookup in the brand cache. Runs after the brand is resolved, before the API and Remix.
 */
export function modoManutencao(): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = res.locals.contexto as Contexto;
      const janelas = await janelasDaMarca({ db: ctx.db, hotsites: ctx.hotsites, hotsiteId: ctx.marca.id });
      if (!janelas.length) return next();
      const estado = estadoDaManutencao(janelas, new Date());
      if (estado.tipo !== 'ativa' || CAMINHOS_DURANTE_MANUTENCAO.test(req.path)) return next();
      // A session refused by the guard (one that must still enrol in 2FA) is no staff session here: it
      // gets the maintenance page like a visitor, which is the answer it should get.
      const usuario = await usuarioDoPedido(req, ctx).catch(() => null);
      if (usuario?.interno) return next();
      const texto = m.texto.replace('{fim}', formatarDataHora(estado.janela.fim));
      res.status(503).set({ 'Retry-After': String(estado.retryAfterS), 'Cache-Control': 'no-store' });
      if (ROTA_DA_API.test(req.path)) res.json(corpoDeErroDaApi(503, texto));
      else if (/[?&]_data=/.test(req.url)) res.json({ ok: false, mensagem: texto });
      else
        res
          .type('html')
          .send(paginaSimples(m.titulo, estado.janela.mensagem, texto, `<p><a href="/login-sistema">${m.acessoEquipe}</a></p>`));
    } catch (erro) {
      next(erro);
    }
  };
}
