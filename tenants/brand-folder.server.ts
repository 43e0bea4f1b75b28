import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { paginaComSessoesSchema, type PaginaComSessoes } from '~/modules/conteudo/blocks';
import { hotsiteInputSchema } from '~/modules/hotsites/hotsite-input.schema';
import { RAIZ } from '~/utils/raiz.server';
import type { ArquivoDaMarca, Onboarding } from '~/modules/hotsites/onboard.server';
import { doTemplate } from '~/modules/hotsites/paginas-do-template';

/**
 * A brand folder (tenants/<chave>/) is the source of a brand: hotsite.json, logo, favicon and
 * optionally paginas.json. Pages it lacks come from tenants/_template/paginas.json, so every brand
 * starts with a page for every content key; a loja brand takes the shop version of a page from
 * _template/paginas-loja.json where there is one (docs/decisions/037). `{{marca}}` in page texts
 * reads as the brand's name.
 */
export const PASTA_TENANTS = join(RAIZ, 'tenants');
const PASTA_TEMPLATE = join(PASTA_TENANTS, '_template');

const TIPOS: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

function lerArquivo(pasta: string, nome: 'logo' | 'favicon'): ArquivoDaMarca | undefined {
  for (const [ext, contentType] of Object.entries(TIPOS)) {
    const caminho = join(pasta, `${nome}.${ext}`);
    if (existsSync(caminho)) return { nome: `${nome}.${ext}`, contentType, conteudo: readFileSync(caminho) };
  }
  return undefined;
}

function lerPaginas(pasta: string, nomeDaMarca: string, arquivo = 'paginas.json'): PaginaComSessoes[] {
  const caminho = join(pasta, arquivo);
  if (!existsSync(caminho)) return [];
  const texto = readFileSync(caminho, 'utf8').replaceAll('{{marca}}', nomeDaMarca.replaceAll('"', '\\"'));
  return z.array(paginaComSessoesSchema).parse(JSON.parse(texto));
}

export function lerPastaDaMarca(pasta: string): Onboarding {
  const dir = resolve(pasta);
  const bruto = JSON.parse(readFileSync(join(dir, 'hotsite.json'), 'utf8'));
  const resultado = hotsiteInputSchema.safeParse(bruto);
  if (!resultado.success) {
    const erros = resultado.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`${dir}/hotsite.json inválido:\n${erros}`);
  }
  const dados = resultado.data;
  const proprias = lerPaginas(dir, dados.nome);
  const uris = new Set(proprias.map((p) => p.uri));
  const modelo = doTemplate(
    lerPaginas(PASTA_TEMPLATE, dados.nome),
    dados.tipo === 'loja' ? lerPaginas(PASTA_TEMPLATE, dados.nome, 'paginas-loja.json') : [],
  ).filter((p) => !uris.has(p.uri));
  return {
    chave: basename(dir),
    dados,
    logo: lerArquivo(dir, 'logo') ?? lerArquivo(PASTA_TEMPLATE, 'logo'),
    favicon: lerArquivo(dir, 'favicon') ?? lerArquivo(PASTA_TEMPLATE, 'favicon'),
    paginas: [...proprias, ...modelo],
  };
}

/** The demo brands: every folder in tenants/ with a hotsite.json, except _template. */
export function pastasDemo(): string[] {
  return readdirSync(PASTA_TENANTS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(PASTA_TENANTS, d.name, 'hotsite.json')))
    .map((d) => join(PASTA_TENANTS, d.name))
    .sort();
}
