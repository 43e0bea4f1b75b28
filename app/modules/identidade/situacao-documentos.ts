/**
 * What "Minha página" says about the client's documents. The stored documentoSituacao starts at
 * "Cadastrado" (the registration's state, spec 000 §4 "Client document status") before any file is
 * sent, which read as if the documents were registered: with no document the line says so instead.
 */
export const SEM_DOCUMENTOS = 'Nenhum documento enviado';

export function situacaoDosDocumentos(documentoSituacao: string | null | undefined, quantidadeEnviada: number): string {
  if (quantidadeEnviada === 0) return SEM_DOCUMENTOS;
  return documentoSituacao && documentoSituacao !== 'Cadastrado' ? documentoSituacao : 'Aguardando Validação';
}
