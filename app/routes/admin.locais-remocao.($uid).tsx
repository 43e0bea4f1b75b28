import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { metaDaPagina } from '~/components/meta';
import { PaginaCadastroRemocao } from '~/paginas/cadastros-remocao';
import { acaoCadastroRemocao, carregarCadastroRemocao } from '~/paginas/cadastros-remocao.server';
import { CADASTROS } from '~/paginas/textos-cadastros-remocao';

/** /admin/locais-remocao/{uid?} (issue #31, decision 207): the removal register's list and forms; Remoção and ADM. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, CADASTROS['locais-remocao'].titulo);
export const loader = (args: LoaderFunctionArgs) => carregarCadastroRemocao(args, 'locais-remocao');
export const action = (args: ActionFunctionArgs) => acaoCadastroRemocao(args, 'locais-remocao');

export default function Pagina() {
  return <PaginaCadastroRemocao />;
}
