import type { MetaDescriptor } from '@remix-run/node';
import type { Marca } from '~/modules/hotsites/hotsite.schema';

type Correspondencia = { id: string; data: unknown };

/** `<title>` and description of a page, always ending with the brand's name. */
export function metaDaPagina(matches: Correspondencia[], titulo: string | null | undefined, descricao?: string | null): MetaDescriptor[] {
  const marca = (matches.find((m) => m.id === 'root')?.data as { marca?: Marca } | undefined)?.marca;
  const nome = marca?.nome ?? '';
  const t = titulo && titulo !== nome ? `${titulo} | ${nome}` : nome;
  return [{ title: t }, { name: 'description', content: descricao || marca?.descricao || '' }, { property: 'og:title', content: t }];
}
