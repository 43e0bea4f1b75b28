import type { RequestHandler } from 'express';
import type { Db } from '@db/client.server';
import { confianca } from '~/locales/pt-BR/confianca';
import { assinarSelo, documentoDoSelo, dominiosDaMarca, seloConfere, type Selo, type SeloAssinado } from '~/modules/confianca/selo.server';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { buscarMarcaPorChave } from '~/modules/hotsites/hotsites.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { escaparHtml } from './respostas.server';

const T = confianca.confianca;

/**
 * The platform's own verification page of a brand's seal (decision 197), answered only on the platform's
 * host (PLATFORM_DOMAIN or verifica.PLATFORM_DOMAIN; the bare local host on the demo), never on a brand's:
 * a look-alike site can copy a brand's footer, not this address. /verificar/{id} (page), /verificar/{id}.json
 * (the signed document) and /verificar/chave-publica.pem. Any other host or path goes on.
 */
export function verificacaoDaPlataforma({
  db,
  hotsites,
  selo,
  hostsDaPlataforma,
  urlBase,
}: {
  db: Db;
  hotsites: HotsiteCache;
  selo: Selo;
  hostsDaPlataforma: string[];
  urlBase: (marca: Marca) => string;
}): RequestHandler {
  return async (req, res, next) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const m = /^\/verificar\/(chave-publica\.pem|(\d{1,9})(\.json)?)$/.exec(req.path);
    if (!m || !hostsDaPlataforma.includes(host)) return next();
    try {
      // A brand that owns the bare host answers its own pages there.
      if (await hotsites.resolver(req.headers.host)) return next();
      res.setHeader('Cache-Control', 'no-store');
      if (m[1] === 'chave-publica.pem') return void res.type('application/x-pem-file').send(selo.chavePublicaPem);
      const marca = await buscarMarcaPorChave({ db, chave: { tipo: 'id', id: Number(m[2]) } });
      if (!marca) return void res.status(404).type('html').send(paginaDoSelo(null, selo));
      const documento = await documentoDoSelo({ db, marca, dominios: dominiosDaMarca(marca, selo, urlBase(marca)) });
      const assinado = assinarSelo(documento, selo);
      if (m[3]) return void res.json(assinado);
      res.type('html').send(paginaDoSelo(assinado, selo));
    } catch (erro) {
      next(erro);
    }
  };
}

const e = escaparHtml;
const secao = (titulo: string, itens: string[], vazio: string) =>
  `<section style="margin:1.5rem 0"><h2 style="font-size:1.1rem;margin:0 0 .5rem">${e(titulo)}</h2>${
    itens.length
      ? `<ul style="margin:0;padding-left:1.2rem;line-height:1.6">${itens.map((i) => `<li>${i}</li>`).join('')}</ul>`
      : `<p>${e(vazio)}</p>`
  }</section>`;

function paginaDoSelo(a: SeloAssinado | null, selo: Selo) {
  const corpo = !a
    ? `<h1>${e(T.selo_nao_encontrado)}</h1><p>${e(T.selo_nao_encontrado_texto)}</p>`
    : (() => {
        const d = a.documento;
        const valido = seloConfere(a, selo.chavePublicaPem);
        return `
<p style="display:inline-block;padding:.4rem .8rem;border-radius:999px;background:${valido ? '#e3f4e8;color:#0a5a26' : '#fde8e8;color:#8a1010'};font-weight:600" data-testid="selo-situacao">${e(valido ? T.selo_valido : T.selo_invalido)}</p>
<h1 style="margin:.6rem 0">${e(d.marca.nome)}</h1>
<p>${e(T.selo_intro)}</p>
${secao(
  T.selo_dominios,
  d.dominios.map((x) => `<strong>${e(x)}</strong>`),
  T.selo_sem_dominios,
)}
<p style="background:#fff7e0;padding:.6rem .8rem;border-radius:8px">${e(T.selo_dominios_aviso)}</p>
${secao(
  T.selo_leiloeiros,
  d.leiloeiros.map((l) => `${e(l.nome)} — ${l.juntaComercial ? `${e(l.juntaComercial)}, ` : ''}${e(T.selo_matricula)} ${e(l.matricula)}`),
  T.selo_sem_leiloeiros,
)}
${secao(
  T.selo_contas,
  d.contas.map(
    (c) =>
      `<strong>${e(c.titular)}</strong> (${e(c.cpfCnpj)}) · ${e(c.banco)} (${e(c.codigoBanco)}) · ${e(T.selo_agencia)} ${e(c.agencia)} · ${e(T.selo_conta)} ${e(c.conta)}-${e(c.digito)}${c.chavePix ? ` · PIX <code>${e(c.chavePix)}</code>` : ''}`,
  ),
  T.selo_sem_contas,
)}
<p style="background:#fde8e8;padding:.6rem .8rem;border-radius:8px;color:#5a0d0d"><strong>${e(T.selo_golpe)}</strong></p>
<p style="font-size:.85rem;color:#4a5160">${e(T.selo_assinatura)} ${e(new Date(d.emitidoEm).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))} ·
<a href="/verificar/${d.marca.id}.json">${e(T.selo_documento)}</a> · <a href="/verificar/chave-publica.pem">${e(T.selo_chave)}</a></p>`;
      })();
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(a ? `${T.selo_titulo} — ${a.documento.marca.nome}` : T.selo_titulo)}</title></head><body style="font-family:system-ui,sans-serif;color:#1d2330;margin:0;background:#f4f6fa"><header style="background:#1d2330;color:#fff;padding:.8rem 1rem;font-weight:600">${e(T.selo_plataforma)} · ${e(selo.dominioPlataforma)}</header><main style="max-width:760px;margin:0 auto;padding:1rem 1.2rem 2rem;background:#fff;min-height:80vh;overflow-wrap:anywhere">${corpo}</main></body></html>`;
}
