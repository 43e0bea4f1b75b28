import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EscolhaDoLeilao, FichaLeiloeiro } from '~/components/operacoes/fichas';
import { useWording } from '~/components/marca';
import { fichas as textosDasFichas } from '~/locales/pt-BR/fichas';
import { fichaDaConsulta } from '~/paginas/fichas.server';
import { textoDaMarca } from '~/utils/i18n';

/** ficha-leiloeiro/{leiUid?} (decision 219): printable on paper (print CSS) and as a PDF ({leiUid}/pdf). */
export async function loader(args: LoaderFunctionArgs) {
  return { ...(await fichaDaConsulta(args)), titulo: textoDaMarca(args.context.marca.tipo, 'fichas.fichaLeiloeiro', {}, textosDasFichas) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ficha ? `${data.titulo}: ${data.ficha.leilao.nome}` : (data?.titulo ?? 'Ficha') },
  { name: 'robots', content: 'noindex' },
];

export default function Pagina() {
  const { leiloes, ficha } = useLoaderData<typeof loader>();
  const t = useWording(textosDasFichas);
  if (!ficha) return <EscolhaDoLeilao base="/ficha-leiloeiro" titulo={t('fichas.fichaLeiloeiro')} leiloes={leiloes ?? []} />;
  return <FichaLeiloeiro ficha={ficha} base="/ficha-leiloeiro" />;
}
