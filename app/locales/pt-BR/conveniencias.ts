/**
 * pt-BR wording of the buyer's conveniences (issue #33): the fee simulator and card simulation on the
 * lot page, compare lots and the last visited lots. Split off like paginas.ts; read with
 * `useWording(conveniencias)`.
 */
export const conveniencias = {
  simulador: {
    titulo: 'Simulador de taxas',
    intro: 'Digite um valor de lance e veja quanto você pagaria ao arrematar este lote.',
    intro_loja: 'Digite um valor de oferta e veja quanto você pagaria ao comprar este anúncio.',
    valor: 'Valor do lance (R$)',
    valor_loja: 'Valor da oferta (R$)',
    simular: 'Simular',
    invalido: 'Valor inválido: digite em reais, como 60.000,00',
    abaixo: 'Lance abaixo do próximo lance aceito: o valor mínimo agora é {{proximo}}',
    abaixo_loja: 'Oferta abaixo da próxima oferta aceita: o valor mínimo agora é {{proximo}}',
    arremate: 'Valor do arremate',
    arremate_loja: 'Valor da compra',
    comissao: 'Comissão do leiloeiro e extra',
    comissao_loja: 'Taxa de intermediação',
    total: 'Total a pagar',
    cartao: 'Simulação no cartão de crédito',
    cartao_nota: 'Parcelas sem juros do total a pagar; parcela mínima de {{minima}}.',
    parcela: '{{quantidade}}x de {{valor}}',
    parcela_primeira: '{{quantidade}}x de {{valor}} (1ª de {{primeira}})',
  },
} as const;
