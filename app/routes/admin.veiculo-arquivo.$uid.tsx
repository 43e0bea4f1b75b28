import type { LoaderFunctionArgs } from '@remix-run/node';
import { conteudoDoDocumento } from '~/modules/backoffice/veiculo-abas.server';
import { comitentesVisiveis, obterVeiculo } from '~/modules/backoffice/veiculos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { respostaDeArquivoEnviado } from '~/utils/arquivo-enviado.server';

/** A vehicle document (Documentos tab), only to staff who may open that vehicle; never cached by proxies. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const doc = await conteudoDoDocumento({ db, hotsiteId, uid: params.uid ?? '' });
  // The seller user's scope: a document of a vehicle they cannot open is a 404, as the vehicle is.
  await obterVeiculo({ db, hotsiteId, comitentes: await comitentesVisiveis({ db, hotsiteId, usuario: eu }), uid: doc.veiculoUid });
  return respostaDeArquivoEnviado({ bytes: doc.conteudo, tipo: doc.tipo, nome: doc.nome });
}
