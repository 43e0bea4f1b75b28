import { ACESSOS } from '~/modules/dominio/acessos';

/**
 * Who may use each route of the one route tree, keyed by Remix route id: the route that matched, not
 * the URL's text, decides (Remix matches case-insensitively and after %-decoding, and `?_data` runs one
 * route's loader without its parents). Every loader and action is wrapped by `protegerRotas`, which
 * checks the rule before the route's own code runs; a route missing here is refused (403) and fails the
 * route-guard test, so a new route cannot ship without a rule.
 *
 * - `livre`: always open (login, sign-up, password reset, brand assets, robots).
 * - `vitrine`: the public site; open unless the brand requires login to view or is outside its
 *   viewing window (staff always pass, to preview).
 * - `cliente`: any logged-in user of this brand (the customer area).
 * - `interno`: any internal (staff) role.
 * - a list: one of these roles (the spec's access table, section 6, through `ACESSOS`).
 */
export type RegraDeRota = 'livre' | 'vitrine' | 'cliente' | 'interno' | readonly string[];

const doAcesso = (caminho: keyof typeof ACESSOS): RegraDeRota => {
  const a = ACESSOS[caminho];
  return a === 'cliente' ? 'cliente' : a;
};

export const REGRAS_DE_ROTA: Readonly<Record<string, RegraDeRota>> = {
  root: 'livre',

  // The public site.
  'routes/_index': 'vitrine',
  'routes/$pagina': 'vitrine',
  'routes/$': 'vitrine',
  'routes/agenda': 'vitrine',
  'routes/leilao.$': 'vitrine',
  'routes/leilao.$local.$tipo.$marca.$nome.$ano.$id': 'vitrine',
  'routes/anuncio.$': 'vitrine',
  'routes/anuncio.$local.$tipo.$marca.$nome.$ano.$id': 'vitrine',
  'routes/lances.$veiUid': 'vitrine',
  'routes/patios._index': 'vitrine',
  'routes/patios.$estadoUf': 'vitrine',
  'routes/patios.$cidade.$estadoUf': 'vitrine',
  'routes/patios.$cidade.$estadoUf_.$patioNome': 'vitrine',
  'routes/regulamento.$url': 'vitrine',
  'routes/catalogo.foto.$arquivo': 'vitrine',
  'routes/leilao-documento.$arquivo': 'vitrine',
  'routes/ata-de-lances.$loteId[.]json': 'vitrine',
  'routes/ata-de-lances.$loteId[.]pdf': 'vitrine',
  'routes/comparar-lotes': 'vitrine',
  'routes/vender-seu-carro': 'vitrine',
  'routes/documentos': 'vitrine',

  // Always open: the way in, and what the way in shows.
  'routes/catalogo.banner[.]svg': 'livre',
  'routes/catalogo.logo[.]svg': 'livre',
  'routes/robots[.]txt': 'livre',
  'routes/[.]well-known.martelo-selo[.]json': 'livre',
  'routes/sitemap[.]xml': 'livre',
  'routes/login': 'livre',
  'routes/login-sistema': 'livre',
  'routes/admin-auth.$hash': 'livre',
  'routes/redefinir-senha': 'livre',
  'routes/sair': 'livre',
  // A notification e-mail's unsubscribe link works without login (its token names the one subscription).
  'routes/notificacoes.descadastro.$token': 'livre',
  'routes/sw-notificacoes[.]js': 'livre',
  'routes/cadastro._index': 'livre',
  'routes/cep.$cep': 'livre',
  'routes/email': 'livre',
  'routes/telefone': 'livre',
  'routes/formulario.contato': 'livre',
  'routes/formulario.newsletter': 'livre',

  // The form behind bid, proposal and favourite buttons checks its bidder itself, as the JSON API does:
  // a visitor goes to the login and back to the page the button was on (not to this form's URL), and a
  // blocked or not enabled client is told why in the brand's wording.
  'routes/lances.acao': 'livre',
  // The habilitation form's target: a visitor is sent to the login by the action itself.
  'routes/habilitacao': 'livre',

  // The customer area.
  'routes/cliente.minha-pagina': 'cliente',
  'routes/cliente.meus-lances': 'cliente',
  'routes/cliente.meu-perfil': 'cliente',
  'routes/cliente.favoritos': 'cliente',
  'routes/cliente.notificacoes': 'cliente',
  'routes/notificacoes.contagem': 'cliente',
  'routes/notificacoes.push': 'cliente',
  'routes/notificacoes.buscas': 'cliente',
  'routes/cliente.compras._index': 'cliente',
  'routes/cliente.compras.$id': 'cliente',
  // A company's partners, after its sign-up; the user's own two-factor setup.
  'routes/cadastro.socios': 'cliente',
  'routes/dois-fatores': 'cliente',

  // Staff. The shell and its index and not-found pages: any internal role; each screen: its own rule.
  'routes/admin': 'interno',
  'routes/admin._index': 'interno',
  'routes/admin.$': 'interno',
  'routes/admin.hotsites': doAcesso('/admin/hotsites'),
  'routes/admin.hotsite.($id)': doAcesso('/admin/hotsite'),
  'routes/admin.usuarios': doAcesso('/admin/usuarios'),
  'routes/admin.usuario.$uid': doAcesso('/admin/usuario'),
  'routes/admin.usuario-bloqueio': doAcesso('/admin/usuario-bloqueio'),
  // The staff's daily work (issue #33).
  'routes/admin.incidentes': doAcesso('/admin/incidentes'),
  'routes/admin.incidente.($uid)': doAcesso('/admin/incidente'),
  'routes/admin.bloqueio-ips-dispositivos': doAcesso('/admin/bloqueio-ips-dispositivos'),
  'routes/admin.manutencao-plataforma': doAcesso('/admin/manutencao-plataforma'),
  // The brand's notifications and e-mail signature (#32): ADM with MKT.
  'routes/admin.notificacoes': doAcesso('/admin/notificacoes'),
  'routes/admin.configurar-notificacoes.($id)': doAcesso('/admin/configurar-notificacoes'),
  'routes/admin.assinatura-email': doAcesso('/admin/assinatura-email'),
  'routes/admin.clientes': doAcesso('/admin/clientes'),
  'routes/admin.grupos-cliente.($uid)': doAcesso('/admin/grupos-cliente'),
  'routes/admin.cliente.$id': doAcesso('/admin/cliente'),
  'routes/admin.cliente-documento.$uid': doAcesso('/admin/cliente-documento'),
  'routes/admin.habilitacoes': doAcesso('/admin/habilitacoes'),
  'routes/admin.avaliacao-veicular-condicional': doAcesso('/admin/avaliacao-veicular-condicional'),
  // Live auctions (issue 15).
  'routes/auditorio.($id)': doAcesso('/auditorio'),
  'routes/leiloeiro': doAcesso('/leiloeiro'),
  'routes/admin.backoffice-acompanhar-leilao.($leilaoUid)': doAcesso('/admin/backoffice-acompanhar-leilao'),
  'routes/admin.acompanhar-leilao.($leilaoUid)': doAcesso('/admin/acompanhar-leilao'),
  'routes/leiloeiro-acompanhar-leilao.($leiUid)': doAcesso('/leiloeiro-acompanhar-leilao'),
  'routes/admin.transmissao.($leilaoUid)': doAcesso('/admin/transmissao'),
  'routes/admin.transmissao.youtube.$id': doAcesso('/admin/transmissao'),
  'routes/admin.transmissao.instagram.$id': doAcesso('/admin/transmissao'),
  'routes/admin.vendas': doAcesso('/admin/vendas'),
  'routes/admin.compras.($id)': doAcesso('/admin/compras'),
  'routes/admin.comprovante.$uid': doAcesso('/admin/compras'),
  'routes/admin.lances-recebidos': doAcesso('/admin/lances-recebidos'),
  'routes/admin.boletos.($leilaoUid)': doAcesso('/admin/boletos'),
  'routes/admin.relatorios': doAcesso('/admin/relatorios'),
  'routes/admin.relatorios_.exportar': doAcesso('/admin/relatorios'),
  'routes/admin.relatorios-comitente': doAcesso('/admin/relatorios-comitente'),
  'routes/admin.relatorios-comitente_.exportar': doAcesso('/admin/relatorios-comitente'),
  'routes/admin.relatorios-comitente_.graficos': doAcesso('/admin/relatorios-comitente'),
  // The seller's page (#30) and its chart exports; the e-mail's answer link is open, its token the credential (decision 162).
  'routes/comitente.minha-pagina': doAcesso('/comitente/minha-pagina'),
  'routes/comitente.minha-pagina_.exportar': doAcesso('/comitente/minha-pagina'),
  'routes/comitente.minha-pagina_.chaves': doAcesso('/comitente/minha-pagina'),
  'routes/comitente.resposta.$token': 'livre',
  'routes/admin.lance-recebido.$uid': doAcesso('/admin/lance-recebido'),
  'routes/admin.tabela-frete': doAcesso('/admin/tabela-frete'),

  // Purchase documents: a hash link works without login (an unknown hash is a 404; no page lists hashes).
  'routes/extrato.$hash': 'livre',
  'routes/extrato.$hash[.]pdf': 'livre',
  'routes/qrcode.extrato.$hash': 'livre',
  'routes/comprovante-arrematacao.$hash': 'livre',
  'routes/retirada-por-terceiros.$hash': 'livre',
  'routes/qrcode.retirada-por-terceiros.$hash': 'livre',
  'routes/comprovante-arrematacao.$hash[.]pdf': 'livre',
  // The bare page (decision 222): the logged-in buyer's own receipts, each by its hash.
  'routes/comprovante-arrematacao._index': 'cliente',
  'routes/retirada-por-terceiros.$hash[.]pdf': 'livre',
  'routes/nota.$hash': 'livre',
  'routes/nota.$hash[.]pdf': 'livre',
  'routes/qrcode.nota.$hash': 'livre',
  'routes/nota-leilao': doAcesso('/nota-leilao'),
  'routes/nota-leilao[.]pdf': doAcesso('/nota-leilao'),
  // Back office: auctions, lots, vehicles (issue #13).
  'routes/admin.leiloes': doAcesso('/admin/leiloes'),
  'routes/admin.leilao.($id)': doAcesso('/admin/leilao'),
  'routes/admin.leilao_.$id.importacao': doAcesso('/admin/leilao'),
  'routes/admin.lotes': doAcesso('/admin/lotes'),
  'routes/admin.lotes_.$id': doAcesso('/admin/lotes'),
  'routes/admin.veiculos': doAcesso('/admin/veiculos'),
  'routes/admin.veiculo.($uid)': doAcesso('/admin/veiculo'),
  'routes/admin.comitentes': doAcesso('/admin/comitentes'),
  'routes/admin.comitente.($id)': doAcesso('/admin/comitente'),
  // Seller integration (issue #30, decisions 166-170).
  'routes/admin.comitente-integracao-tags': doAcesso('/admin/comitente-integracao-tags'),
  'routes/admin.comitente-integracao-tag.($id)': doAcesso('/admin/comitente-integracao-tag'),
  'routes/admin.comitente-integracao-chaves': doAcesso('/admin/comitente-integracao-chaves'),
  'routes/admin.comitente-grupos.($id)': doAcesso('/admin/comitente-grupos'),
  'routes/admin.integracao.lotes.($leilaoUid)': doAcesso('/admin/integracao/lotes'),
  'routes/admin.dashboard-comitente-integracao': doAcesso('/admin/dashboard-comitente-integracao'),
  'routes/admin.veiculos-classificacao': doAcesso('/admin/veiculos-classificacao'),
  'routes/admin.contas-bancarias': doAcesso('/admin/contas-bancarias'),
  'routes/admin.conta-bancaria.($id)': doAcesso('/admin/conta-bancaria'),
  'routes/admin.patio-usuario': doAcesso('/admin/patio-usuario'),
  'routes/admin.patio-recesso': doAcesso('/admin/patio-recesso'),
  'routes/admin.patio-recesso-novo': doAcesso('/admin/patio-recesso-novo'),
  'routes/admin.datas-sem-leilao': doAcesso('/admin/datas-sem-leilao'),
  'routes/admin.prazos-comprador': doAcesso('/admin/prazos-comprador'),
  // Inspections (issue #13, decision 064): the types live under /admin/vistorias, with its roles.
  'routes/admin.vistorias': doAcesso('/admin/vistorias'),
  'routes/admin.vistorias_.tipos': doAcesso('/admin/vistorias'),
  'routes/admin.vistorias_.tipo.($uid)': doAcesso('/admin/vistorias'),
  'routes/admin.vistoria.($uid)': doAcesso('/admin/vistoria'),
  // The buyer's inspection report: opened by its random hash without login (an unknown hash is a 404).
  'routes/laudo-vistoria.$hash': 'livre',
  // Auction extras (issue #13): documents, video URLs, photo stamps and approval.
  'routes/admin.documentos-leilao.($leilaoUid)': doAcesso('/admin/documentos-leilao'),
  'routes/admin.leilao-url-videos.($leilaoUid)': doAcesso('/admin/leilao-url-videos'),
  'routes/admin.carimbo-fotos': doAcesso('/admin/carimbo-fotos'),
  'routes/admin.aprovar-fotos-leilao': doAcesso('/admin/aprovar-fotos-leilao'),
  'routes/admin.unidades-negocio.($id)': doAcesso('/admin/unidades-negocio'),
  'routes/admin.estoque': doAcesso('/admin/estoque'),
  'routes/admin.deposito-bens.($id)': doAcesso('/admin/deposito-bens'),
  'routes/admin.veiculo-arquivo.$uid': doAcesso('/admin/veiculo'),
  // Removals with the insurer log (issue #13, decision 081): Remoção with ADM.
  'routes/admin.remocao.($uid)': doAcesso('/admin/remocao'),
  'routes/mapfre-visualizar-relatorio.($uid)': doAcesso('/admin/remocao'),
  'routes/admin.seguradoras': doAcesso('/admin/seguradoras'),
  // The removal registers (decision 207): Remoção with ADM.
  'routes/admin.transportadoras.($uid)': doAcesso('/admin/transportadoras'),
  'routes/admin.motoristas.($uid)': doAcesso('/admin/motoristas'),
  'routes/admin.locais-remocao.($uid)': doAcesso('/admin/locais-remocao'),
  // E-mails and SMS (decision 107): staff who answer clients see delivery status, never a body; each
  // logged-in person reads their own messages (the demo inbox, without SMTP).
  'routes/admin.mensagens': doAcesso('/admin/mensagens'),
  'routes/minhas-mensagens': 'cliente',
  // Exclusive events (issue #32): the staff shell of /eventos (any internal role), guests and report (Dev),
  // the dashboard (SAC, ADM); the guest answers their invitation logged in; referral in the customer area.
  'routes/eventos': 'interno',
  'routes/eventos.convidados': doAcesso('/eventos/convidados'),
  'routes/eventos.dashboard.($leilaoUid)': doAcesso('/eventos/dashboard'),
  'routes/eventos.relatorio': doAcesso('/eventos/relatorio'),
  'routes/eventos_.convite.$hash': 'cliente',
  'routes/cliente.indique-ganhe': 'cliente',
  // Checks with third parties (issue #31, decisions 179 and 180).
  'routes/admin.leilao-detran.($leilaoUid)': doAcesso('/admin/leilao-detran'),
  'routes/laudo-detran.$veiId': doAcesso('/laudo-detran'),
  'routes/laudo-detran-detran.$veiId': doAcesso('/laudo-detran'),
  'routes/laudo-detran.by-lel-id.$lelId': doAcesso('/laudo-detran'),
  'routes/laudo-procob.($uid)': doAcesso('/laudo-procob'),
  'routes/laudo-habilitacoes.($uid)': doAcesso('/laudo-habilitacoes'),
  // LGPD self-service and the accessibility statement (issue #34, decisions 234-237); the components'
  // catalogue (issue #33, decision 238). The statement is open even where the brand requires a login.
  'routes/cliente.privacidade': 'cliente',
  'routes/cliente.meus-dados[.]json': 'cliente',
  'routes/cliente.meus-dados[.]pdf': 'cliente',
  'routes/admin.solicitacoes-lgpd': doAcesso('/admin/solicitacoes-lgpd'),
  'routes/acessibilidade': 'livre',
  'routes/design-system': doAcesso('/design-system'),
  // Photo models (issue #33, decision 221).
  'routes/admin.modelo-fotos-site': doAcesso('/admin/modelo-fotos-site'),
  // Evaluations and the sell-your-car requests (issue #33, decisions 254-256).
  'routes/admin.avaliacao-leiloeiro.($uid)': doAcesso('/admin/avaliacao-leiloeiro'),
  'routes/admin.avaliacao-veicular-condicional_.$uid': doAcesso('/admin/avaliacao-veicular-condicional'),
  'routes/admin.pedidos-venda': doAcesso('/admin/pedidos-venda'),
  'routes/admin.pedido-venda.$uid': doAcesso('/admin/pedido-venda'),
  // Auction sheets (issue #33, decision 219), on the page and as PDF.
  'routes/ficha-leiloeiro.($leiUid)': doAcesso('/ficha-leiloeiro'),
  'routes/ficha-leiloeiro_.$leiUid.pdf': doAcesso('/ficha-leiloeiro'),
  'routes/ficha-lotes-vidro.($leiUid)': doAcesso('/ficha-lotes-vidro'),
  'routes/ficha-lotes-vidro_.$leiUid.pdf': doAcesso('/ficha-lotes-vidro'),
};

/**
 * The routes whose code sees a session that must still enrol in 2FA (`twoFactorObrigatorio` without
 * `twoFactorHabilitado`) as its user: the enrolment screen, the root's header (who is logged in, and
 * the way out) and logging out. On every other route the user lookup refuses that session, so a new
 * route is closed to it without a line here.
 */
export const ROTAS_DO_CADASTRO_2FA: ReadonlySet<string> = new Set(['root', 'routes/dois-fatores', 'routes/sair']);
export const rotaDoCadastro2fa = (id: string | undefined) => id !== undefined && ROTAS_DO_CADASTRO_2FA.has(id);

export const regraDaRota = (id: string): RegraDeRota | undefined => (Object.hasOwn(REGRAS_DE_ROTA, id) ? REGRAS_DE_ROTA[id] : undefined);
