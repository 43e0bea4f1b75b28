/**
 * pt-BR wording of the site's header (menus, account), a split-off part of `common`: it comes with
 * the header's module, which the browser fetches on demand (decision 091). The keys the home blocks
 * and the footer also read (agenda, como_funciona) stay in `common`.
 */
export const cabecalho = {
  nav: {
    inicio: 'Início',
    lista: 'Lotes',
    lista_loja: 'Anúncios',
    patios: 'Pátios',
    fale_conosco: 'Fale conosco',
    entrar: 'Entrar',
    sair: 'Sair',
    menu: 'Menu',
    minha_conta: 'Minha conta',
    meus_lances: 'Meus lances',
    meus_lances_loja: 'Minhas ofertas',
    favoritos: 'Favoritos',
    minhas_compras: 'Minhas compras',
    meus_documentos: 'Meus documentos',
    minhas_mensagens: 'Minhas mensagens',
    meu_perfil: 'Meu perfil',
    privacidade: 'Privacidade e meus dados',
    area_interna: 'Área interna',
  },
} as const;
