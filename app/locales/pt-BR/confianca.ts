/** pt-BR wording of the trust features (#34): the bid record, the brand seal (loja: oferta, anúncio). */
export const confianca = {
  confianca: {
    ata_titulo: 'Ata de lances',
    ata_titulo_loja: 'Ata de ofertas',
    ata_pdf: 'Ata de lances (PDF)',
    ata_pdf_loja: 'Ata de ofertas (PDF)',
    ata_json: 'Ata de lances (JSON)',
    ata_json_loja: 'Ata de ofertas (JSON)',
    ata_explicacao:
      'Cada lance aceito recebeu a hora do servidor e um hash SHA-256 encadeado ao lance anterior. A ata traz a cabeça da cadeia: qualquer alteração posterior quebra a verificação.',
    ata_explicacao_loja:
      'Cada oferta aceita recebeu a hora do servidor e um hash SHA-256 encadeado à oferta anterior. A ata traz a cabeça da cadeia: qualquer alteração posterior quebra a verificação.',
    ata_verificar: 'Verificar a cadeia agora',
    lote: 'Lote',
    lote_loja: 'Anúncio',
    lance: 'lance',
    lance_loja: 'oferta',
    ata_nao_encontrada: 'Lote não encontrado',
    ata_nao_encontrada_loja: 'Anúncio não encontrado',
    ata_aberta: 'A ata de lances sai quando o lote encerra',
    ata_aberta_loja: 'A ata de ofertas sai quando o anúncio encerra',
  },
};
