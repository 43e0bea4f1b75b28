import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EscolhaDoLeilao, FichaVidro } from '~/components/operacoes/fichas';
import { useWording } from '~/components/marca';
import { fichas as textosDasFichas } from '~/locales/pt-BR/fichas';
import { fichaDaConsulta } from '~/paginas/fichas.server';
import { textoDaMarca } from '~/utils/i18n';

/** ficha-lotes-vidro/{leiUid?} (decision 219): printable on paper (print CSS) and as a PDF ({leiUid}/pdf). */
export async function loader(args: LoaderFunctionArgs) {
  return { ...(await fichaDaConsulta(args)), titulo: textoDaMarca(args.context.marca.tipo, 'fichas.fichaVidro', {}, textosDasFichas) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ficha ? `${data.titulo}: ${data.ficha.leilao.nome}` : (data?.titulo ?? 'Ficha') },
  { name: 'robots', content: 'noindex' },
];

export default function Pagina() {
  const { leiloes, ficha } = useLoaderData<typeof loader>();
  const t = useWording(textosDasFichas);
  if (!ficha) return <EscolhaDoLeilao base="/ficha-lotes-vidro" titulo={t('fichas.fichaVidro')} leiloes={leiloes ?? []} />;
  return <FichaVidro ficha={ficha} base="/ficha-lotes-vidro" />;
}
