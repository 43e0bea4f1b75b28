/** A sign-up form a Brazilian client fills in correctly (valid CPF, São Paulo address), as /cadastro posts it. */
export const cadastroValido = {
  tipoPessoa: 'Fisica',
  nome: 'Beatriz Helena Campos',
  cpf: '529.982.247-25',
  dataNascimento: '1991-06-15',
  email: 'beatriz.campos@exemplo.com.br',
  telefone: '(11) 98123-4567',
  'endereco.cep': '01310-100',
  'endereco.logradouro': 'Avenida Paulista',
  'endereco.numero': '1578',
  'endereco.bairro': 'Bela Vista',
  'endereco.cidade': 'São Paulo',
  'endereco.estadoSigla': 'SP',
  'interesses.carros': 'on',
  senha: 'cavalo-azul-77',
  confirmarSenha: 'cavalo-azul-77',
  aceiteTermos: 'on',
};
