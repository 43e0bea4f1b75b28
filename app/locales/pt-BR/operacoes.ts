/**
 * pt-BR wording of the staff's daily work (issue #33): maintenance windows, address and device blocks,
 * incidents. The spec gives no texts for these screens; these are ours (decisions 191–195).
 */
export const operacoes = {
  manutencao: {
    titulo: 'Site em manutenção',
    texto: 'Estamos em manutenção programada. Previsão de retorno: {fim}.',
    aviso: 'Manutenção programada: o site ficará indisponível de {inicio} a {fim}.',
    avisoEquipe: 'Modo de manutenção ativo até {fim}: visitantes e clientes veem a página de manutenção.',
    mensagemPadrao: 'Manutenção programada da plataforma',
    acessoEquipe: 'Acesso da equipe',
    agendada: 'Manutenção agendada; {lotes} lote(s) tiveram o encerramento adiado para depois da janela',
    cancelada: 'Manutenção cancelada',
    fimAntesDoInicio: 'O fim precisa ser depois do início',
    fimNoPassado: 'O fim da manutenção precisa estar no futuro',
    naoEncontrada: 'Manutenção não encontrada',
    jaEncerrada: 'Esta manutenção já terminou',
  },
  bloqueio: {
    recusado: 'Acesso bloqueado para este endereço ou dispositivo. Entre em contato com o atendimento.',
    criado: 'Bloqueio criado',
    removido: 'Bloqueio removido',
    ipInvalido: 'Informe um endereço IP válido (IPv4 ou IPv6)',
    faixaInvalida: 'Informe uma faixa no formato CIDR, por exemplo 203.0.113.0/24',
    dispositivoInvalido: 'Informe a identificação do dispositivo (de 8 a 128 caracteres)',
    duplicado: 'Este bloqueio já existe',
    naoEncontrado: 'Bloqueio não encontrado',
    expiraNoPassado: 'A expiração precisa estar no futuro',
  },
  incidente: {
    aberto: 'Incidente aberto',
    atribuido: 'Responsável atualizado',
    comentado: 'Comentário registrado',
    fechado: 'Incidente fechado',
    reaberto: 'Incidente reaberto',
    naoEncontrado: 'Incidente não encontrado',
    jaFechado: 'Este incidente já está fechado',
    clienteNaoEncontrado: 'Cliente não encontrado nesta marca',
    loteNaoEncontrado: 'Lote não encontrado nesta marca',
    vendaNaoEncontrada: 'Venda não encontrada nesta marca',
    responsavelInvalido: 'O responsável precisa ser da equipe de SAC ou ADM',
  },
} as const;
