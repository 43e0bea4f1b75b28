import { ACESSOS } from '~/modules/dominio/acessos';
import { temAlgumPapel } from '~/modules/dominio/papeis';

/**
 * The staff menu, grouped by the spec's modules (Meu Perfil, Site, Manutenção, Leilão, Acerto, Pátios,
 * Comitente, Comitente Integração, Dev). Each capability appends its screens here; who sees an entry
 * comes from the access table, never from the entry itself.
 */
export const MODULOS = [
  'Meu Perfil',
  'Site',
  'Manutenção',
  'Leilão',
  'Acerto',
  'Pátios',
  'Comitente',
  'Comitente Integração',
  'Dev',
] as const;
export type Modulo = (typeof MODULOS)[number];

export interface EntradaMenu {
  modulo: Modulo;
  nome: string;
  caminho: string;
  icone?: string;
}

export const MENU: EntradaMenu[] = [];

/** The entries a user may open, grouped by module in the spec's order. */
export function menuDoUsuario(papeis: readonly string[]): { modulo: Modulo; entradas: EntradaMenu[] }[] {
  const permitidas = MENU.filter((e) => {
    const acesso = ACESSOS[e.caminho];
    return acesso === undefined || acesso === 'cliente' || temAlgumPapel(papeis, acesso);
  });
  return MODULOS.map((modulo) => ({ modulo, entradas: permitidas.filter((e) => e.modulo === modulo) })).filter(
    (g) => g.entradas.length > 0,
  );
}

// Identity (issue #4)
MENU.push(
  { modulo: 'Meu Perfil', nome: 'Autenticação em dois fatores', caminho: '/dois-fatores' },
  { modulo: 'Manutenção', nome: 'Usuários', caminho: '/admin/usuarios' },
  { modulo: 'Manutenção', nome: 'Usuários bloqueados (2FA)', caminho: '/admin/usuario-bloqueio' },
  { modulo: 'Manutenção', nome: 'Clientes', caminho: '/admin/clientes' },
  { modulo: 'Manutenção', nome: 'Grupos de clientes', caminho: '/admin/grupos-cliente' },
  { modulo: 'Manutenção', nome: 'Mensagens enviadas', caminho: '/admin/mensagens' },
);
// Habilitation (issue #12)
MENU.push({ modulo: 'Leilão', nome: 'Habilitações', caminho: '/admin/habilitacoes' });
MENU.push(
  { modulo: 'Site', nome: 'Hotsites', caminho: '/admin/hotsites' },
  { modulo: 'Site', nome: 'Editar marcas', caminho: '/admin/hotsite' },
  { modulo: 'Site', nome: 'Datas sem leilão', caminho: '/admin/datas-sem-leilao' },
  { modulo: 'Site', nome: 'Prazos do comprador', caminho: '/admin/prazos-comprador' },
);

// Bidding (issue #5)
MENU.push({ modulo: 'Comitente', nome: 'Avaliação condicional', caminho: '/admin/avaliacao-veicular-condicional' });

// Live auctions (issue 15)
MENU.push(
  { modulo: 'Leilão', nome: 'Painel do leiloeiro', caminho: '/leiloeiro' },
  { modulo: 'Leilão', nome: 'Auditório', caminho: '/auditorio' },
);
MENU.push({ modulo: 'Leilão', nome: 'Acompanhar leilão (backoffice)', caminho: '/admin/backoffice-acompanhar-leilao' });
MENU.push(
  { modulo: 'Comitente', nome: 'Acompanhar leilão', caminho: '/admin/acompanhar-leilao' },
  { modulo: 'Leilão', nome: 'Acompanhar leilão (leiloeiro)', caminho: '/leiloeiro-acompanhar-leilao' },
  { modulo: 'Leilão', nome: 'Transmissão', caminho: '/admin/transmissao' },
);
// Post-sale (issue #14)
MENU.push({ modulo: 'Acerto', nome: 'Vendas', caminho: '/admin/vendas' });
MENU.push({ modulo: 'Acerto', nome: 'Lances recebidos', caminho: '/admin/lances-recebidos' });
MENU.push(
  { modulo: 'Acerto', nome: 'Relatórios', caminho: '/admin/relatorios' },
  { modulo: 'Acerto', nome: 'Notas do leilão', caminho: '/nota-leilao' },
  { modulo: 'Comitente', nome: 'Boletos', caminho: '/admin/boletos' },
  { modulo: 'Comitente', nome: 'Relatórios do comitente', caminho: '/admin/relatorios-comitente' },
);
MENU.push({ modulo: 'Acerto', nome: 'Tabela de frete', caminho: '/admin/tabela-frete' });
// Back office: auctions, lots, vehicles (issue #13)
MENU.push(
  { modulo: 'Leilão', nome: 'Leilões', caminho: '/admin/leiloes' },
  { modulo: 'Leilão', nome: 'Novo leilão', caminho: '/admin/leilao' },
  { modulo: 'Leilão', nome: 'Lotes', caminho: '/admin/lotes' },
  { modulo: 'Pátios', nome: 'Veículos', caminho: '/admin/veiculos' },
  { modulo: 'Pátios', nome: 'Novo veículo', caminho: '/admin/veiculo' },
);
// Sellers and bank accounts (issue #13)
MENU.push(
  { modulo: 'Comitente', nome: 'Comitentes', caminho: '/admin/comitentes' },
  { modulo: 'Comitente', nome: 'Contas bancárias', caminho: '/admin/contas-bancarias' },
);
// Yards (issue #13)
MENU.push(
  { modulo: 'Pátios', nome: 'Usuários de pátio', caminho: '/admin/patio-usuario' },
  { modulo: 'Pátios', nome: 'Recesso de pátio', caminho: '/admin/patio-recesso' },
);
// Inspections (issue #13)
MENU.push(
  { modulo: 'Pátios', nome: 'Vistorias', caminho: '/admin/vistorias' },
  { modulo: 'Pátios', nome: 'Nova vistoria', caminho: '/admin/vistoria' },
);
// Auction extras (issue #13)
MENU.push(
  { modulo: 'Leilão', nome: 'Documentos do leilão', caminho: '/admin/documentos-leilao' },
  { modulo: 'Leilão', nome: 'URLs de vídeo do leilão', caminho: '/admin/leilao-url-videos' },
  { modulo: 'Leilão', nome: 'Carimbo de fotos', caminho: '/admin/carimbo-fotos' },
  { modulo: 'Dev', nome: 'Aprovar fotos do leilão', caminho: '/admin/aprovar-fotos-leilao' },
);
// Wallets, business units, stock and deposits (issue #13; decisions 066, 067)
MENU.push(
  { modulo: 'Comitente', nome: 'Estoque', caminho: '/admin/estoque' },
  { modulo: 'Leilão', nome: 'Unidades de negócio', caminho: '/admin/unidades-negocio' },
  { modulo: 'Pátios', nome: 'Depósito de bens', caminho: '/admin/deposito-bens' },
  { modulo: 'Pátios', nome: 'Remoções', caminho: '/admin/remocao' },
);
// Insurers (issue #31)
MENU.push({ modulo: 'Pátios', nome: 'Seguradoras', caminho: '/admin/seguradoras' });
// Removal registers (issue #31, decision 207)
MENU.push(
  { modulo: 'Pátios', nome: 'Transportadoras', caminho: '/admin/transportadoras' },
  { modulo: 'Pátios', nome: 'Motoristas', caminho: '/admin/motoristas' },
  { modulo: 'Pátios', nome: 'Locais de remoção', caminho: '/admin/locais-remocao' },
);
// Seller integration (issue #30)
MENU.push(
  { modulo: 'Comitente Integração', nome: 'Dashboard de integração', caminho: '/admin/dashboard-comitente-integracao' },
  { modulo: 'Comitente Integração', nome: 'Lotes de integração', caminho: '/admin/integracao/lotes' },
  { modulo: 'Comitente Integração', nome: 'Tags de integração', caminho: '/admin/comitente-integracao-tags' },
  { modulo: 'Comitente Integração', nome: 'Classificação de veículos', caminho: '/admin/veiculos-classificacao' },
  { modulo: 'Comitente Integração', nome: 'Chaves de API', caminho: '/admin/comitente-integracao-chaves' },
  { modulo: 'Comitente', nome: 'Grupos de comitentes', caminho: '/admin/comitente-grupos' },
);
// The staff's daily work (issue #33)
MENU.push(
  { modulo: 'Manutenção', nome: 'Incidentes', caminho: '/admin/incidentes' },
  { modulo: 'Manutenção', nome: 'Bloqueio de IPs e dispositivos', caminho: '/admin/bloqueio-ips-dispositivos' },
  { modulo: 'Manutenção', nome: 'Manutenção da plataforma', caminho: '/admin/manutencao-plataforma' },
);
// Evaluations and the sell-your-car requests (issue #33, decisions 254-256).
MENU.push(
  { modulo: 'Leilão', nome: 'Avaliação do leiloeiro', caminho: '/admin/avaliacao-leiloeiro' },
  { modulo: 'Site', nome: 'Pedidos "Vender seu carro"', caminho: '/admin/pedidos-venda' },
);
// Exclusive events (issue #32): guests and report (Dev), the dashboard (SAC, ADM).
MENU.push(
  { modulo: 'Leilão', nome: 'Eventos: convidados', caminho: '/eventos/convidados' },
  { modulo: 'Leilão', nome: 'Eventos: painel', caminho: '/eventos/dashboard' },
  { modulo: 'Leilão', nome: 'Eventos: relatório', caminho: '/eventos/relatorio' },
);
// Checks with third parties (issue #31)
MENU.push({ modulo: 'Leilão', nome: 'Leilão Detran', caminho: '/admin/leilao-detran' });
// LGPD self-service and the components' catalogue (issues #34 and #33)
MENU.push(
  { modulo: 'Manutenção', nome: 'Pedidos de titulares (LGPD)', caminho: '/admin/solicitacoes-lgpd' },
  { modulo: 'Dev', nome: 'Design system', caminho: '/design-system' },
);
// Auction sheets (issue #33, decision 219)
MENU.push(
  { modulo: 'Leilão', nome: 'Ficha do leiloeiro', caminho: '/ficha-leiloeiro' },
  { modulo: 'Leilão', nome: 'Ficha de lotes para vidro', caminho: '/ficha-lotes-vidro' },
);
// Photo models (issue #33, decision 221)
MENU.push({ modulo: 'Site', nome: 'Modelo de fotos do site', caminho: '/admin/modelo-fotos-site' });
// The brand's notifications and e-mail signature (issue #32): ADM with MKT.
MENU.push(
  { modulo: 'Site', nome: 'Notificações', caminho: '/admin/notificacoes' },
  { modulo: 'Site', nome: 'Assinatura dos e-mails', caminho: '/admin/assinatura-email' },
);
