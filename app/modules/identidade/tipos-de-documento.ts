/**
 * The client documents a brand may require before bidding (the brand form's choices, the client's
 * profile and the staff's review): the stored keys and what people read for them.
 */
export const DOCUMENTOS = ['rg', 'cnh', 'comprovante-residencia', 'contrato-social', 'selfie'] as const;

/** What staff and clients read for the document keys (the keys stay the stored values). */
export const ROTULOS_DOCUMENTO: Record<string, string> = {
  rg: 'RG',
  cnh: 'CNH',
  'comprovante-residencia': 'Comprovante de residência',
  'contrato-social': 'Contrato social',
  selfie: 'Selfie com documento',
  'documento-identidade': 'Documento de identidade (RG ou CNH)',
  'comprovante-endereco': 'Comprovante de endereço',
  'cartao-cnpj': 'Cartão CNPJ',
};
