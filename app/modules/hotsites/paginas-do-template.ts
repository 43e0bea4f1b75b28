import { z } from 'zod';
import { paginaComSessoesSchema, type PaginaComSessoes } from '~/modules/conteudo/blocks';
import paginasTemplate from '@tenants/_template/paginas.json';
import paginasTemplateLoja from '@tenants/_template/paginas-loja.json';

/*
 * The template's pages (tenants/_template, data only): what a new brand starts with, here with the
 * brands' capability so that creating a brand needs nothing from the brand-folder reader
 * (tenants/brand-folder.server.ts), which builds on this module.
 */

/** The template's pages, each replaced by its shop version when the brand is a loja. */
export function doTemplate(paginas: PaginaComSessoes[], versoesLoja: PaginaComSessoes[]): PaginaComSessoes[] {
  const loja = new Map(versoesLoja.map((p) => [p.uri, p]));
  return paginas.map((p) => loja.get(p.uri) ?? p);
}

/**
 * The starting pages of a new brand (tenants/_template/paginas.json, `{{marca}}` filled in). Imported,
 * not read from disk, so it also works inside the Remix server bundle (where import.meta.url is build/).
 */
export function paginasDoTemplate(nomeDaMarca: string, tipo: 'leilao' | 'loja' = 'leilao'): PaginaComSessoes[] {
  const preencher = (paginas: unknown) =>
    z
      .array(paginaComSessoesSchema)
      .parse(JSON.parse(JSON.stringify(paginas).replaceAll('{{marca}}', JSON.stringify(nomeDaMarca).slice(1, -1))));
  return doTemplate(preencher(paginasTemplate), tipo === 'loja' ? preencher(paginasTemplateLoja) : []);
}
