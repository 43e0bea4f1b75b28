import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { comitentesDoUsuario, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { linhas } from '~/utils/linhas.server';

/**
 * The /admin home: what needs staff of this brand today, each a count with the screen that works
 * it. A count is shown only to a user whose roles open that screen (the access table, by the link's
 * path), so nobody is pointed at a page that answers 403; every count is scoped by the brand, and a
 * seller user's conditional lots by the sellers they are tied to (decision 011).
 */
export interface Pendencia {
  chave: 'habilitacoes' | 'comprovantes' | 'condicionais' | 'fotos' | 'encerram-hoje' | 'lances-hoje';
  rotulo: string;
  descricao: string;
  quantidade: number;
  caminho: string;
}

const HOJE = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

interface Consulta {
  chave: Pendencia['chave'];
  rotulo: string;
  descricao: string;
  /** The screen's path in the access table (its query string aside). */
  tela: string;
  caminho: string;
  contar: (a: { db: Db; hotsiteId: number; usuario: UsuarioLogado }) => Promise<SQL>;
}

const CONSULTAS: Consulta[] = [
  {
    chave: 'habilitacoes',
    rotulo: 'Habilitações pendentes',
    descricao: 'Clientes aguardando aprovação para dar lances',
    tela: '/admin/habilitacoes',
    caminho: '/admin/habilitacoes?situacao=Pendente',
    contar: async ({ hotsiteId }) => sql`SELECT count(*) AS n FROM habilitacao WHERE hotsite_id = ${hotsiteId} AND situacao = 'Pendente'`,
  },
  {
    chave: 'comprovantes',
    rotulo: 'Comprovantes a conferir',
    descricao: 'Vendas com pagamento aguardando validação',
    tela: '/admin/vendas',
    caminho: '/admin/vendas?situacao=AguardandoValidacao',
    contar: async ({ hotsiteId }) =>
      sql`SELECT count(*) AS n FROM venda WHERE hotsite_id = ${hotsiteId} AND situacao = 'AguardandoValidacao'`,
  },
  {
    chave: 'condicionais',
    rotulo: 'Condicionais aguardando resposta',
    descricao: 'Lotes arrematados abaixo do valor do comitente',
    tela: '/admin/avaliacao-veicular-condicional',
    caminho: '/admin/avaliacao-veicular-condicional',
    contar: async ({ db, hotsiteId, usuario }) => {
      const comitentes = await comitentesDoUsuario({ db, hotsiteId, usuario });
      return sql`SELECT count(*) AS n FROM lote l WHERE l.hotsite_id = ${hotsiteId} AND l.situacao = 'CONDICIONAL'
                   AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}`;
    },
  },
  {
    chave: 'fotos',
    rotulo: 'Fotos a aprovar',
    descricao: 'Fotos enviadas que ainda não aparecem no site',
    tela: '/admin/aprovar-fotos-leilao',
    caminho: '/admin/aprovar-fotos-leilao',
    contar: async ({ hotsiteId }) => sql`SELECT count(*) AS n FROM lote_foto WHERE hotsite_id = ${hotsiteId} AND NOT aprovada`,
  },
  {
    chave: 'encerram-hoje',
    rotulo: 'Lotes que encerram hoje',
    descricao: 'Lotes abertos a lances com encerramento hoje',
    tela: '/admin/lotes',
    caminho: '/admin/lotes?encerra=hoje',
    contar: async ({ hotsiteId }) =>
      sql`SELECT count(*) AS n FROM lote WHERE hotsite_id = ${hotsiteId}
            AND situacao IN (${sql.join(
              SITUACOES_LISTAVEIS.map((s) => sql`${s}`),
              sql`, `,
            )})
            AND (data_fim AT TIME ZONE 'America/Sao_Paulo')::date = ${HOJE}`,
  },
  {
    chave: 'lances-hoje',
    rotulo: 'Lances recebidos hoje',
    descricao: 'Lances dados hoje nos lotes da marca',
    tela: '/admin/lances-recebidos',
    caminho: '/admin/lances-recebidos',
    contar: async ({ hotsiteId }) =>
      sql`SELECT count(*) AS n FROM lance WHERE hotsite_id = ${hotsiteId} AND (data AT TIME ZONE 'America/Sao_Paulo')::date = ${HOJE}`,
  },
];

/** The counts this user may act on, in the order above. */
export async function pendenciasDoDia({ db, hotsiteId, usuario }: { db: Db; hotsiteId: number; usuario: UsuarioLogado }) {
  const visiveis = CONSULTAS.filter((c) => {
    const acesso = ACESSOS[c.tela];
    return Array.isArray(acesso) && temAlgumPapel(usuario.papeis, acesso);
  });
  return Promise.all(
    visiveis.map(async (c): Promise<Pendencia> => {
      const [r] = linhas<{ n: unknown }>(await db.execute(await c.contar({ db, hotsiteId, usuario })));
      return { chave: c.chave, rotulo: c.rotulo, descricao: c.descricao, quantidade: Number(r?.n ?? 0), caminho: c.caminho };
    }),
  );
}
