/*
 * Each demo brand's own bank account (decision 121): the company its footer names (same name and CNPJ,
 * checked by contas-das-marcas.test.ts), its bank, agency, account and PIX key. The buyer pays this
 * company on TED, PIX, boleto, statement and e-mail when the lot's seller has no account of its own.
 * Boletos are issued only on Bradesco accounts: the free field is written in Bradesco's layout (boleto.ts).
 */
export interface ContaDaMarca {
  banco: string;
  codigoBanco: string;
  agencia: string;
  conta: string;
  digito: string;
  titular: string;
  cpfCnpj: string;
  chavePix: string;
  carteira: string | null;
  permiteBoleto: boolean;
}

export const CONTAS_DAS_MARCAS: Record<number, ContaDaMarca> = {
  1: {
    banco: 'Bradesco',
    codigoBanco: '237',
    agencia: '3381',
    conta: '0045127',
    digito: '3',
    titular: 'Brasil Leilões Ltda.',
    cpfCnpj: '12.345.678/0001-95',
    chavePix: 'financeiro@brasilleiloes.com.br',
    carteira: '09',
    permiteBoleto: true,
  },
  2: {
    banco: 'Bradesco',
    codigoBanco: '237',
    agencia: '2290',
    conta: '0081934',
    digito: '6',
    titular: 'Repasse Auto Comércio de Veículos S.A.',
    cpfCnpj: '45.723.174/0001-10',
    chavePix: '45723174000110',
    carteira: '09',
    permiteBoleto: true,
  },
  14: {
    banco: 'Banco do Brasil',
    codigoBanco: '001',
    agencia: '1636',
    conta: '0027719',
    digito: 'X',
    titular: 'Aliança Salvados Leilões Ltda.',
    cpfCnpj: '11.222.333/0001-81',
    chavePix: 'pagamentos@aliancasalvados.com.br',
    carteira: null,
    permiteBoleto: false,
  },
  20: {
    banco: 'Banrisul',
    codigoBanco: '041',
    agencia: '0100',
    conta: '0635128',
    digito: '0',
    titular: 'Banco Horizonte S.A.',
    cpfCnpj: '27.481.639/0001-92',
    chavePix: '27481639000192',
    carteira: null,
    permiteBoleto: false,
  },
  1002: {
    banco: 'Banco da Amazônia',
    codigoBanco: '003',
    agencia: '0012',
    conta: '0108842',
    digito: '5',
    titular: 'Norte Pesados Leilões Ltda.',
    cpfCnpj: '98.765.432/0001-98',
    chavePix: 'financeiro@nortepesados.com.br',
    carteira: null,
    permiteBoleto: false,
  },
};
