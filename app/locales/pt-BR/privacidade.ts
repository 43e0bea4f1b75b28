/**
 * pt-BR wording of the client's privacy page (LGPD self-service), the staff's request queue and the
 * accessibility statement. Loja variants in the `_loja` keys (oferta, anúncio, evento). Components read
 * them through `useWording(privacidade)`; the export's PDF reads `rotulosDoPdf` by the brand's kind.
 */
export const privacidade = {
  titular: {
    titulo: 'Privacidade e meus dados',
    explicacao:
      'Pela Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018) você pode baixar todos os seus dados, revogar consentimentos, pedir a exclusão da sua conta e ver os registros de acesso a ela.',
    baixar: 'Baixar meus dados',
    baixar_explicacao:
      'Cadastro, endereço, documentos enviados, lances, compras, favoritos, habilitações, consentimentos e acessos, desta marca.',
    baixar_explicacao_loja:
      'Cadastro, endereço, documentos enviados, ofertas, compras, favoritos, habilitações, consentimentos e acessos, desta marca.',
    baixar_json: 'Baixar em JSON',
    baixar_pdf: 'Baixar em PDF',
    consentimentos: 'Consentimentos',
    consentimento_marketing: 'Receber ofertas e novidades da marca por e-mail',
    consentimento_compartilhamento: 'Compartilhar meu cadastro com outras marcas da plataforma',
    concedido_em: 'concedido em {{data}}',
    revogado_em: 'revogado em {{data}}',
    nunca: 'não concedido',
    conceder: 'Conceder',
    revogar: 'Revogar',
    consentimento_salvo: 'Consentimento atualizado.',
    exclusao: 'Excluir minha conta',
    exclusao_explicacao:
      'A equipe responde em até 15 dias. Ao atender, seus dados pessoais são apagados e suas sessões encerradas; vendas, notas e o registro dos lances ficam guardados sem o seu nome, como a lei exige.',
    exclusao_explicacao_loja:
      'A equipe responde em até 15 dias. Ao atender, seus dados pessoais são apagados e suas sessões encerradas; vendas, notas e o registro das ofertas ficam guardados sem o seu nome, como a lei exige.',
    exclusao_motivo: 'Motivo (opcional)',
    exclusao_pedir: 'Pedir exclusão',
    exclusao_confirmar: 'Confirmo que quero excluir minha conta',
    exclusao_registrada: 'Pedido de exclusão registrado. A resposta vem até {{data}}.',
    exclusao_ja_pendente: 'Você já tem um pedido de exclusão em andamento, com resposta até {{data}}.',
    pedidos: 'Meus pedidos',
    sem_pedidos: 'Nenhum pedido feito.',
    acessos: 'Registro de acessos',
    acessos_explicacao: 'Entradas na sua conta nesta marca, guardadas por 6 meses (Marco Civil da Internet, art. 15).',
    sem_acessos: 'Nenhum acesso registrado.',
    acesso_ok: 'Entrada',
    acesso_falhou: 'Tentativa recusada',
    so_clientes: 'Esta página é dos clientes da marca.',
  },
  fila: {
    titulo: 'Pedidos de titulares (LGPD)',
    prazo: 'Prazo',
    atrasado: 'Atrasado',
    vence_hoje: 'Vence hoje',
    dias: 'Faltam {{dias}} dias',
    atender: 'Atender: excluir os dados',
    recusar: 'Recusar',
    resposta: 'Resposta ao titular',
    atendido: 'Pedido atendido: os dados do cliente foram excluídos.',
    recusado: 'Pedido recusado.',
    nenhum: 'Nenhum pedido pendente.',
  },
};

/** Labels of the export's PDF, by the brand's kind (the PDF is drawn on the server, outside i18next). */
export const rotulosDoPdf = {
  leilao: { lances: 'Lances', lote: 'Lote', leilao: 'Leilão' },
  loja: { lances: 'Ofertas', lote: 'Anúncio', leilao: 'Evento' },
} as const;

/**
 * The accessibility statement (issue #34 part 6, decision 237). `{{marca}}` is the brand's name; the shop
 * wording reads ofertas and anúncios where the auction one reads lances and lotes.
 */
export const acessibilidade = {
  declaracao: {
    titulo: 'Declaração de acessibilidade',
    compromisso:
      '{{marca}} quer que qualquer pessoa possa acompanhar leilões, dar lances e comprar pelo site, inclusive quem usa leitor de tela, navega só pelo teclado, amplia a tela ou usa o celular.',
    compromisso_loja:
      '{{marca}} quer que qualquer pessoa possa ver anúncios, fazer ofertas e comprar pelo site, inclusive quem usa leitor de tela, navega só pelo teclado, amplia a tela ou usa o celular.',
    padrao_titulo: 'Padrão adotado',
    padrao:
      'Seguimos as Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.2, nível AA, do W3C, e a norma brasileira ABNT NBR 17225 (Acessibilidade em conteúdo e aplicações web), em conformidade com a Lei Brasileira de Inclusão (Lei 13.146/2015, art. 63).',
    situacao_titulo: 'Situação',
    situacao:
      'Parcialmente conforme: as verificações automáticas abaixo passam em todas as páginas testadas, e ainda não houve uma auditoria manual completa com usuários de tecnologias assistivas. As limitações conhecidas estão listadas aqui.',
    teste_titulo: 'Como testamos',
    teste_1:
      'A cada mudança no site, os testes automáticos abrem no navegador Chromium as páginas de visitantes, clientes e equipe, em tela de computador (1366 px) e de celular (390 px), numa marca de leilão e numa de loja, e rodam o axe-core: nenhuma violação grave ou crítica é aceita.',
    teste_2: 'As cores de cada marca são conferidas antes de ir ao ar: a cor do texto sobre as cores da marca é escolhida pelo contraste.',
    teste_3:
      'Os componentes do site têm um catálogo interno onde cada um é verificado nos temas de todas as marcas, nas duas formas de escrita e em largura de celular.',
    limites_titulo: 'Limitações conhecidas',
    limite_1: 'Vídeos das transmissões ao vivo não têm legendas nem audiodescrição.',
    limite_2: 'Documentos enviados por comitentes (editais, laudos em PDF) podem não ser acessíveis.',
    limite_3: 'Fotos dos lotes descrevem o veículo pelo nome do lote, não por uma descrição de cada imagem.',
    limite_3_loja: 'Fotos dos anúncios descrevem o veículo pelo nome do anúncio, não por uma descrição de cada imagem.',
    relatar_titulo: 'Encontrou uma barreira?',
    relatar:
      'Conte o que aconteceu: a equipe de atendimento recebe o relato na hora, responde pelo e-mail informado e corrige o que estiver ao nosso alcance.',
    nome: 'Seu nome (opcional)',
    email: 'Seu e-mail',
    pagina: 'Página ou endereço onde aconteceu (opcional)',
    descricao: 'O que aconteceu',
    tecnologia: 'Navegador e tecnologia assistiva que você usa (opcional)',
    enviar: 'Enviar relato',
    enviado: 'Relato recebido. A equipe de atendimento vai responder pelo e-mail informado.',
    outros_canais: 'Você também pode falar com o atendimento:',
    atualizada: 'Declaração revisada em {{data}}.',
  },
};
