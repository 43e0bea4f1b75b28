import { PAPEIS_INTERNOS as P, PAPEL_CLIENTE } from './papeis';

/**
 * The spec's access table (section 6) as data: screen path → the roles that may open it.
 * `cliente` = customer area (login required, any role). The staff menu reads it by path; the route
 * guard reads `regras-de-rota.ts`, keyed by route id, whose staff rules point here.
 * Where the spec names no roles for a staff screen, the decision is noted beside it.
 */
export type Acesso = readonly string[] | 'cliente';

const ADM = P.ADM;
export const ACESSOS: Record<string, Acesso> = {
  // ADM alone
  '/admin/hotsites': [ADM],
  '/admin/hotsite': [ADM, P.MKT], // issue 6: MKT edits the brands assigned to them (checked per brand)
  '/admin/usuarios': [ADM],
  '/admin/usuario': [ADM],
  '/admin/contas-bancarias': [ADM],
  '/admin/conta-bancaria': [ADM],
  '/admin/unidades-negocio': [ADM],
  '/admin/comitente-integracao-tags': [ADM],
  '/admin/comitente-integracao-tag': [ADM],
  // Not in the spec's list (decision 167): sellers' API keys, kept by ADM like the tags.
  '/admin/comitente-integracao-chaves': [ADM],
  // Not in the spec's list (decision 169): consignor groups as records.
  '/admin/comitente-grupos': [ADM],
  '/admin/patio-usuario': [ADM],
  '/admin/patio-recesso': [ADM],
  '/admin/patio-recesso-novo': [ADM],
  // Not in the spec's list (decision 249): the brand's days without auctions and the buyer's deadline rules,
  // set up with the brand by ADM.
  '/admin/datas-sem-leilao': [ADM],
  '/admin/prazos-comprador': [ADM],
  '/admin/manutencao-plataforma': [ADM],
  '/admin/carimbo-fotos': [ADM],
  // notifications: ADM with MKT
  '/admin/notificacoes': [ADM, P.MKT],
  '/admin/configurar-notificacoes': [ADM, P.MKT],
  '/admin/assinatura-email': [ADM, P.MKT],
  // Dev only; deposit of goods with ADM
  '/design-system': [P.DEV],
  '/eventos/convidados': [P.DEV],
  '/eventos/relatorio': [P.DEV],
  '/admin/aprovar-fotos-leilao': [P.DEV],
  '/admin/leilao-detran': [P.DEV, ADM], // decision 179: the spec's Dev, with ADM who runs the auctions
  '/admin/leilao-url-videos': [P.DEV],
  '/admin/deposito-bens': [P.DEV, ADM],
  // Comitente + ADM
  '/admin/acompanhar-leilao': [P.COMITENTE, ADM],
  '/admin/boletos': [P.COMITENTE, ADM],
  '/admin/estoque': [P.COMITENTE, ADM],
  '/admin/relatorios-comitente': [P.COMITENTE, ADM],
  // SAC + ADM
  '/admin/incidentes': [P.SAC, ADM],
  '/admin/incidente': [P.SAC, ADM],
  '/admin/backoffice-acompanhar-leilao': [P.SAC, ADM],
  '/admin/avaliacao-leiloeiro': [P.SAC, ADM],
  '/admin/avaliacao-veicular-condicional': [P.SAC, ADM, P.COMITENTE], // decision 011: a seller user answers for their own sellers
  // Not in the spec's list (decision 256): the sell-your-car requests, to the client service and the auction
  // staff who turn them into lots.
  '/admin/pedidos-venda': [P.SAC, P.GERENTE_SAC, P.LEILAO, ADM],
  '/admin/pedido-venda': [P.SAC, P.GERENTE_SAC, P.LEILAO, ADM],
  '/eventos/dashboard': [P.SAC, ADM],
  // decision 107: who, when, subject and situation of the brand's e-mails and SMS (never a body)
  '/admin/mensagens': [P.SAC, ADM],
  // Not in the spec's list (decision 236): data subjects' requests (LGPD), answered by the client service
  '/admin/solicitacoes-lgpd': [P.SAC, ADM],
  // Acerto, SAC, ADM
  '/admin/vendas': [P.ACERTO, P.SAC, ADM],
  '/admin/compras': [P.ACERTO, P.SAC, ADM],
  '/admin/lances-recebidos': [P.ACERTO, P.SAC, ADM],
  '/admin/lance-recebido': [P.ACERTO, P.SAC, ADM],
  // Not in the spec's list (decision 072): the freight table behind /tabela-de-frete, kept by settlement.
  '/admin/tabela-frete': [P.ACERTO, ADM],
  '/admin/relatorios': [P.ACERTO, P.SAC, ADM],
  // decision 070: the auction's notes, to the sales staff and to a seller user for its own sellers' sales
  '/nota-leilao': [P.ACERTO, P.SAC, ADM, P.COMITENTE],
  // Auctioneer + ADM; transmission with MKT
  '/leiloeiro': [P.LEILOEIRO, ADM],
  '/leiloeiro-acompanhar-leilao': [P.LEILOEIRO, ADM],
  '/admin/transmissao': [P.LEILOEIRO, ADM, P.MKT],
  // 2FA-unblock role
  '/admin/usuario-bloqueio': [P.LIBERACAO_2FA],
  // Auditorium: dev, ADM and customer roles
  '/auditorio': [P.DEV, ADM, PAPEL_CLIENTE],
  // Vehicle list (query search)
  '/admin/veiculos': [ADM, P.COMITENTE, P.LEILAO, P.LEILOEIRO, P.REMOCAO, P.DEV, P.PATIO],
  '/admin/veiculo': [ADM, P.COMITENTE, P.LEILAO, P.LEILOEIRO, P.REMOCAO, P.DEV, P.PATIO],
  // Not named by the spec (decisions): the staff whose work the screen is.
  '/admin/clientes': [ADM, P.SAC, P.GERENTE_SAC],
  '/admin/cliente': [ADM, P.SAC, P.GERENTE_SAC],
  '/admin/cliente-documento': [ADM, P.SAC, P.GERENTE_SAC],
  // Not in the spec's list (decision 269): client groups, kept by those who keep the clients.
  '/admin/grupos-cliente': [ADM, P.SAC, P.GERENTE_SAC],
  // Issue #12 (docs/decisions/032): the habilitation queue, with the client screens' roles.
  '/admin/habilitacoes': [ADM, P.SAC, P.GERENTE_SAC],
  '/admin/leiloes': [ADM, P.LEILAO],
  '/admin/leilao': [ADM, P.LEILAO],
  '/admin/lotes': [ADM, P.LEILAO],
  '/admin/vistorias': [ADM, P.PATIO],
  '/admin/vistoria': [ADM, P.PATIO],
  '/admin/remocao': [ADM, P.REMOCAO],
  // Not in the spec's list (decision 207): the removal registers, with the removal screen's roles.
  '/admin/transportadoras': [ADM, P.REMOCAO],
  '/admin/motoristas': [ADM, P.REMOCAO],
  '/admin/locais-remocao': [ADM, P.REMOCAO],
  // Not in the spec's list (decision 206): each insurer's address and secret, kept by ADM like the sellers' keys.
  '/admin/seguradoras': [ADM],
  '/admin/integracao/lotes': [ADM, P.COMITENTE],
  '/admin/dashboard-comitente-integracao': [ADM, P.COMITENTE],
  '/admin/veiculos-classificacao': [ADM, P.LEILAO],
  '/admin/documentos-leilao': [ADM, P.ACERTO],
  '/admin/bloqueio-ips-dispositivos': [ADM],
  '/admin/modelo-fotos-site': [ADM, P.MKT],
  '/comitente/minha-pagina': [P.COMITENTE],
  // The spec lists no sellers screen; issue #13 asks for one (decision 055): ADM runs every seller,
  // a seller user opens only the sellers they are tied to (read only; decision 011).
  '/admin/comitentes': [ADM, P.COMITENTE],
  '/admin/comitente': [ADM, P.COMITENTE],
  // Issue #31 (decisions 179 and 180): the detran reports to the staff who handle vehicles; the client
  // checks' reports to the habilitation queue's staff.
  '/laudo-detran': [ADM, P.DEV, P.LEILAO, P.PATIO, P.REMOCAO],
  '/laudo-procob': [ADM, P.SAC, P.GERENTE_SAC],
  '/laudo-habilitacoes': [ADM, P.SAC, P.GERENTE_SAC],
  // Auction sheets (decision 219): the auctioneer's with the staff who run the auction; the glass sheet
  // also to the yard, who put it behind the windscreens.
  '/ficha-leiloeiro': [P.LEILOEIRO, ADM, P.LEILAO],
  '/ficha-lotes-vidro': [P.LEILOEIRO, ADM, P.LEILAO, P.PATIO],
  // Customer area
  '/cliente': 'cliente',
};

/** Any staff route at all: the admin shell needs at least one internal role. */
export const ACESSO_AREA_ADMIN = Object.values(P);
