import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { tentativaLogin, usuario } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { privacidade } from '~/locales/pt-BR/privacidade';
import { consentimentosDoTitular, type Consentimento } from './consentimentos.server';
import { inicioDaGuarda } from './prazos';
import { solicitacoesDoTitular, type SolicitacaoDoTitular } from './solicitacoes.server';

/*
 * What the platform holds about one client of one brand (LGPD art. 18 II, "acesso aos dados"): the export
 * the client downloads as JSON or PDF. Every query filters by the brand and the client, so a client of
 * one brand never reads another brand's rows, even with the same e-mail or CPF there (a separate account).
 */

/** The client of this brand behind a session; staff (platform-wide accounts) have no export here. */
export async function titularDaMarca({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const [u] = await db
    .select({
      id: usuario.id,
      uid: usuario.uid,
      nome: usuario.nome,
      email: usuario.email,
      telefone: usuario.telefone,
      createdAt: usuario.createdAt,
    })
    .from(usuario)
    .where(and(eq(usuario.id, usuarioId), eq(usuario.hotsiteId, hotsiteId)));
  if (!u) throw new ErroHttp(403, privacidade.titular.so_clientes);
  return u;
}

export interface Acesso {
  data: string;
  ip: string;
  dispositivo: string | null;
  sucesso: boolean;
}

/** The client's own access records on this brand (logins and refused attempts), newest first, within the six months kept. */
export async function registroDeAcessos({
  db,
  hotsiteId,
  usuarioId,
  limite = 200,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  limite?: number;
  agora?: Date;
}): Promise<Acesso[]> {
  const r = await db
    .select({
      data: tentativaLogin.createdAt,
      ip: tentativaLogin.ip,
      dispositivo: tentativaLogin.userAgent,
      sucesso: tentativaLogin.sucesso,
    })
    .from(tentativaLogin)
    .where(
      and(
        eq(tentativaLogin.hotsiteId, hotsiteId),
        eq(tentativaLogin.usuarioId, usuarioId),
        gte(tentativaLogin.createdAt, inicioDaGuarda(agora)),
      ),
    )
    .orderBy(desc(tentativaLogin.id))
    .limit(limite);
  return r.map((a) => ({ ...a, data: a.data.toISOString() }));
}

type Linha = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));

export interface DadosDoTitular {
  geradoEm: string;
  marca: { id: number; nome: string; tipo: 'leilao' | 'loja' };
  conta: { uid: string; nome: string; email: string; telefone: string | null; criadaEm: string };
  cadastro: Linha | null;
  endereco: Linha | null;
  socios: Linha[];
  documentos: Linha[];
  /** Every bid the client placed, with its lot; values in centavos. */
  lances: { lote: string; loteNumero: string; leilao: string | null; valor: number; tipo: string; situacao: string; data: string }[];
  /** Every purchase, with its items; values in centavos. */
  compras: {
    uid: string;
    situacao: string;
    total: number;
    arremate: number;
    dataPagamento: string;
    criadaEm: string;
    itens: { lote: string; loteNumero: string; valor: number; total: number }[];
  }[];
  favoritos: { veiculo: string; desde: string }[];
  habilitacoes: { leilao: string | null; situacao: string; desde: string }[];
  consentimentos: Consentimento[];
  solicitacoes: SolicitacaoDoTitular[];
  acessos: Acesso[];
}

/** The whole export of one client of one brand. */
export async function dadosDoTitular({
  db,
  hotsiteId,
  usuarioId,
  marca,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  marca: { nome: string; tipo: 'leilao' | 'loja' };
}): Promise<DadosDoTitular> {
  const u = await titularDaMarca({ db, hotsiteId, usuarioId });
  const de = <T = Linha>(q: ReturnType<typeof sql>) => db.execute(q).then((r) => linhas<T>(r));
  const [cadastro] = await de(sql`
    SELECT c.id, c.uid, c.nome, c.apelido, c.email, c.cpf, c.cnpj, c.rg, c.orgao_expeditor AS "orgaoExpeditor",
           c.data_nascimento AS "dataNascimento", c.razao_social AS "razaoSocial", c.nome_fantasia AS "nomeFantasia",
           c.inscricao_estadual AS "inscricaoEstadual", c.telefone, c.telefone2, c.telefone3,
           c.ocupacao_profissional AS "ocupacaoProfissional", c.ramo_atividade AS "ramoAtividade",
           c.renda_mensal AS "rendaMensal", c.como_conheceu AS "comoConheceu", c.situacao,
           c.documento_situacao AS "documentoSituacao", c.data_cadastro AS "dataCadastro",
           c.email_confirmado_at AS "emailConfirmadoEm", c.telefone_confirmado_at AS "telefoneConfirmadoEm"
      FROM cliente c WHERE c.hotsite_id = ${hotsiteId} AND c.usuario_id = ${usuarioId}`);
  const clienteId = (cadastro?.id as number | undefined) ?? null;
  if (cadastro) delete cadastro.id;
  const [endereco] = clienteId
    ? await de(sql`
        SELECT tipo_logradouro AS "tipoLogradouro", logradouro, numero, complemento, bairro, referencia, cep, cidade, estado_sigla AS uf
          FROM endereco WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${clienteId}`)
    : [];
  const socios = clienteId
    ? await de(sql`
        SELECT nome, cpf, email, telefone, data_nascimento AS "dataNascimento"
          FROM cliente_socio WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${clienteId} ORDER BY id`)
    : [];
  const documentos = clienteId
    ? await de(sql`
        SELECT tipo, nome_original AS arquivo, tamanho, situacao, motivo, created_at AS "enviadoEm"
          FROM cliente_documento WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${clienteId} ORDER BY id`)
    : [];
  const lances = await de<{
    lote: string;
    lote_numero: string;
    leilao: string | null;
    valor: unknown;
    tipo: string;
    situacao: string;
    data: unknown;
  }>(sql`
    SELECT lo.nome AS lote, lo.numero AS lote_numero, le.nome AS leilao, la.valor, la.tipo, la.situacao, la.data
      FROM lance la
      JOIN lote lo ON lo.id = la.lote_id AND lo.hotsite_id = la.hotsite_id
      LEFT JOIN leilao le ON le.id = lo.leilao_id AND le.hotsite_id = lo.hotsite_id
     WHERE la.hotsite_id = ${hotsiteId} AND la.usuario_id = ${usuarioId}
     ORDER BY la.id`);
  const vendas = await de<{
    id: number;
    uid: string;
    situacao: string;
    total: unknown;
    arremate: unknown;
    data_pagamento: unknown;
    created_at: unknown;
  }>(sql`
    SELECT id, uid, situacao, total, arremate, data_pagamento, created_at FROM venda
     WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} ORDER BY id`);
  const itens = vendas.length
    ? await de<{ venda_id: number; lote: string; lote_numero: string; valor: unknown; total: unknown }>(sql`
        SELECT vi.venda_id, lo.nome AS lote, lo.numero AS lote_numero, vi.valor, vi.total
          FROM venda_item vi JOIN lote lo ON lo.id = vi.lote_id AND lo.hotsite_id = vi.hotsite_id
         WHERE vi.hotsite_id = ${hotsiteId} AND vi.venda_id IN (SELECT id FROM venda WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId})
         ORDER BY vi.id`)
    : [];
  const favoritos = await de<{ veiculo: string; created_at: unknown }>(sql`
    SELECT vei_uid AS veiculo, created_at FROM favorito WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} ORDER BY id`);
  const habilitacoes = await de<{ leilao: string | null; situacao: string; created_at: unknown }>(sql`
    SELECT le.nome AS leilao, h.situacao, h.created_at FROM habilitacao h
      LEFT JOIN leilao le ON le.id = h.leilao_id AND le.hotsite_id = h.hotsite_id
     WHERE h.hotsite_id = ${hotsiteId} AND h.usuario_id = ${usuarioId} ORDER BY h.id`);

  const normalizar = (l: Linha | undefined) =>
    l ? Object.fromEntries(Object.entries(l).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) : null;
  return {
    geradoEm: new Date().toISOString(),
    marca: { id: hotsiteId, nome: marca.nome, tipo: marca.tipo },
    conta: { uid: u.uid, nome: u.nome, email: u.email, telefone: u.telefone, criadaEm: u.createdAt.toISOString() },
    cadastro: normalizar(cadastro),
    endereco: normalizar(endereco),
    socios: socios.map((s) => normalizar(s)!),
    documentos: documentos.map((d) => normalizar(d)!),
    lances: lances.map((l) => ({
      lote: l.lote,
      loteNumero: l.lote_numero,
      leilao: l.leilao,
      valor: num(l.valor)!,
      tipo: l.tipo,
      situacao: l.situacao,
      data: iso(l.data)!,
    })),
    compras: vendas.map((v) => ({
      uid: v.uid,
      situacao: v.situacao,
      total: num(v.total)!,
      arremate: num(v.arremate)!,
      dataPagamento: iso(v.data_pagamento)!,
      criadaEm: iso(v.created_at)!,
      itens: itens
        .filter((i) => i.venda_id === v.id)
        .map((i) => ({ lote: i.lote, loteNumero: i.lote_numero, valor: num(i.valor)!, total: num(i.total)! })),
    })),
    favoritos: favoritos.map((f) => ({ veiculo: f.veiculo, desde: iso(f.created_at)! })),
    habilitacoes: habilitacoes.map((h) => ({ leilao: h.leilao, situacao: h.situacao, desde: iso(h.created_at)! })),
    consentimentos: await consentimentosDoTitular({ db, hotsiteId, usuarioId }),
    solicitacoes: await solicitacoesDoTitular({ db, hotsiteId, usuarioId }),
    acessos: await registroDeAcessos({ db, hotsiteId, usuarioId }),
  };
}
