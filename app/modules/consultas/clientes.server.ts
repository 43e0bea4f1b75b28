import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { cliente, consultaCliente, habilitacaoSucata, usuario } from '@db/schema';
import { textoLivre } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';
import { ProvedorIndisponivel, type Provedores } from './provedores.server';
import { analisarInscricaoEstadual, analisarListaRestritiva, type AnaliseDeConsulta } from './listas';
import { analisarProcob, type SituacaoValidacao } from './sucata';
import { MENSAGEM_CONSULTA_INDISPONIVEL } from './tipos';

/*
 * Client checks (spec 001 §7 "Document checks": GET .../documentacao-cdv/consultar-minha-situacao-com-procob,
 * .../consultar-situacao-com-procob/{uid}, .../consultar-minha-situacao, answering situacao and
 * tipoAutorizacao; 000 §4 "Lot validation result"; decision 180). A check asks Procob about the client's
 * CPF/CNPJ under the provider's deadline, keeps the answer in consulta_cliente (the history staff read at
 * laudo-procob/{uid}) and sets the scrap habilitation (habilitacao_sucata, which the bid engine reads).
 * Divergente waits for staff, who answer Autorizado or Falha. A provider down leaves the client Aguardando,
 * never worse than before.
 */

export interface SituacaoDoCliente {
  situacao: SituacaoValidacao;
  tipoAutorizacao: string | null;
  motivo: string | null;
  consultadoAt: Date | null;
}

async function documentoDo(db: Db, hotsiteId: number, usuarioId: number) {
  const [c] = await db
    .select({ cpf: cliente.cpf, cnpj: cliente.cnpj })
    .from(cliente)
    .where(and(eq(cliente.hotsiteId, hotsiteId), eq(cliente.usuarioId, usuarioId)));
  return c ? (c.cnpj ?? c.cpf) : null;
}

/** The client's current answer (consultar-minha-situacao): the habilitation and the newest check's reason. */
export async function situacaoDoCliente({
  db,
  hotsiteId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
}): Promise<SituacaoDoCliente> {
  const [[h], [ultima]] = await Promise.all([
    db
      .select({ situacao: habilitacaoSucata.situacao, tipoAutorizacao: habilitacaoSucata.tipoAutorizacao })
      .from(habilitacaoSucata)
      .where(and(eq(habilitacaoSucata.hotsiteId, hotsiteId), eq(habilitacaoSucata.usuarioId, usuarioId))),
    db
      .select({ resposta: consultaCliente.resposta, consultadoAt: consultaCliente.consultadoAt })
      .from(consultaCliente)
      .where(and(eq(consultaCliente.hotsiteId, hotsiteId), eq(consultaCliente.usuarioId, usuarioId)))
      .orderBy(desc(consultaCliente.consultadoAt), desc(consultaCliente.id))
      .limit(1),
  ]);
  return {
    situacao: h?.situacao ?? 'Aguardando',
    tipoAutorizacao: h?.tipoAutorizacao ?? null,
    motivo: ultima?.resposta ?? null,
    consultadoAt: ultima?.consultadoAt ?? null,
  };
}

/** Asks Procob about a client of this brand now; null when the client is not this brand's. */
export async function consultarComProcob({
  db,
  hotsiteId,
  usuarioId,
  provedores,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  provedores: Provedores;
}): Promise<SituacaoDoCliente | null> {
  const [u] = await db
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(eq(usuario.hotsiteId, hotsiteId), eq(usuario.id, usuarioId)));
  if (!u) return null;
  const documento = await documentoDo(db, hotsiteId, usuarioId);
  const anterior = await situacaoDoCliente({ db, hotsiteId, usuarioId });
  if (!documento) {
    await db.insert(consultaCliente).values({
      hotsiteId,
      usuarioId,
      tipo: 'Procob_CPF_CNPJ',
      situacao: 'Falha',
      resposta: 'Cadastro sem CPF nem CNPJ',
      fonte: provedores.procob.nome,
    });
    return situacaoDoCliente({ db, hotsiteId, usuarioId });
  }
  let situacao: SituacaoValidacao;
  let resposta: string;
  let fonte = provedores.procob.nome;
  try {
    const r = await provedores.procob.consultar(documento, AbortSignal.timeout(provedores.timeoutMs));
    const a = analisarProcob({ documento, ...r });
    situacao = a.situacao;
    resposta = a.motivo;
    fonte = r.fonte;
  } catch (e) {
    if (!(e instanceof ProvedorIndisponivel)) throw e;
    // Never worse than before: an Autorizado stays; anything else waits for the next try.
    situacao = anterior.situacao === 'Autorizado' ? 'Autorizado' : 'Aguardando';
    resposta = MENSAGEM_CONSULTA_INDISPONIVEL;
  }
  await db.transaction(async (tx) => {
    await tx.insert(consultaCliente).values({ hotsiteId, usuarioId, tipo: 'Procob_CPF_CNPJ', situacao, resposta, fonte });
    await tx
      .insert(habilitacaoSucata)
      .values({ hotsiteId, usuarioId, situacao, tipoAutorizacao: 'Procob_CPF_CNPJ' })
      .onConflictDoUpdate({
        target: habilitacaoSucata.usuarioId,
        set: { situacao, tipoAutorizacao: 'Procob_CPF_CNPJ', updatedAt: new Date() },
        // A staff answer (Manual) is not undone by a provider's later answer.
        setWhere: and(eq(habilitacaoSucata.hotsiteId, hotsiteId), sql`${habilitacaoSucata.tipoAutorizacao} IS DISTINCT FROM 'Manual'`),
      });
  });
  return situacaoDoCliente({ db, hotsiteId, usuarioId });
}

/** The check types that retry by themselves when their provider was down (decision 208). */
const TIPOS_COM_NOVA_TENTATIVA = ['Procob_CPF_CNPJ', 'CPF_CNPJ_Restritos', 'Procob_Inscricao_Estadual'] as const;

/**
 * The restricted lists (any CPF or CNPJ) and the state registration (a company only) of a client of this brand,
 * each under the provider's deadline, each a row of consulta_cliente (decision 208). They inform staff on
 * laudo-procob / laudo-habilitacoes and do not change the scrap habilitation: staff answer it. A provider down
 * is a row Aguardando with "Consulta indisponível, tentaremos de novo", tried again in the background.
 * Null when the client is not this brand's.
 */
export async function consultarListasEInscricao({
  db,
  hotsiteId,
  usuarioId,
  provedores,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  provedores: Provedores;
}): Promise<{ tipo: string; situacao: SituacaoValidacao; resposta: string }[] | null> {
  const [c] = await db
    .select({ cpf: cliente.cpf, cnpj: cliente.cnpj })
    .from(cliente)
    .innerJoin(usuario, eq(usuario.id, cliente.usuarioId))
    .where(and(eq(cliente.hotsiteId, hotsiteId), eq(cliente.usuarioId, usuarioId), eq(usuario.hotsiteId, hotsiteId)));
  if (!c) return null;
  const documento = c.cnpj ?? c.cpf;
  const consultar = async (
    tipo: 'CPF_CNPJ_Restritos' | 'Procob_Inscricao_Estadual',
    provedor: { nome: string },
    chamar: (sinal: AbortSignal) => Promise<AnaliseDeConsulta & { fonte: string }>,
  ) => {
    let r: AnaliseDeConsulta & { fonte: string };
    try {
      r = await chamar(AbortSignal.timeout(provedores.timeoutMs));
    } catch (e) {
      if (!(e instanceof ProvedorIndisponivel)) throw e;
      r = { situacao: 'Aguardando', motivo: MENSAGEM_CONSULTA_INDISPONIVEL, fonte: provedor.nome };
    }
    await db.insert(consultaCliente).values({ hotsiteId, usuarioId, tipo, situacao: r.situacao, resposta: r.motivo, fonte: r.fonte });
    return { tipo, situacao: r.situacao, resposta: r.motivo };
  };
  if (!documento) return [];
  return Promise.all([
    consultar('CPF_CNPJ_Restritos', provedores.listaRestritiva, async (sinal) => {
      const a = await provedores.listaRestritiva.consultar(documento, sinal);
      return { ...analisarListaRestritiva(a), fonte: a.fonte };
    }),
    ...(c.cnpj
      ? [
          consultar('Procob_Inscricao_Estadual', provedores.inscricaoEstadual, async (sinal) => {
            const a = await provedores.inscricaoEstadual.consultar(c.cnpj!, sinal);
            return { ...analisarInscricaoEstadual(a), fonte: a.fonte };
          }),
        ]
      : []),
  ]);
}

/**
 * "Tentaremos de novo" for client checks: the clients whose newest check of a type was left waiting by a provider
 * down are checked again (up to `limite` clients a round). A second instance doing the same only adds a row.
 */
export async function reconsultarClientesPendentes({ db, provedores, limite = 10 }: { db: Db; provedores: Provedores; limite?: number }) {
  const pendentes = linhas<{ hotsiteId: number; usuarioId: number; tipos: string[] }>(
    await db.execute(sql`
    SELECT hotsite_id AS "hotsiteId", usuario_id AS "usuarioId", array_agg(tipo) AS tipos FROM (
      SELECT DISTINCT ON (hotsite_id, usuario_id, tipo) hotsite_id, usuario_id, tipo, resposta
        FROM consulta_cliente
       WHERE tipo IN (${sql.join(
         TIPOS_COM_NOVA_TENTATIVA.map((t) => sql`${t}`),
         sql`, `,
       )})
       ORDER BY hotsite_id, usuario_id, tipo, consultado_at DESC, id DESC
    ) ultimas
    WHERE resposta = ${MENSAGEM_CONSULTA_INDISPONIVEL}
    GROUP BY hotsite_id, usuario_id
    LIMIT ${limite}`),
  );
  for (const p of pendentes) {
    const base = { db, hotsiteId: Number(p.hotsiteId), usuarioId: Number(p.usuarioId), provedores };
    if (p.tipos.includes('Procob_CPF_CNPJ')) await consultarComProcob(base);
    if (p.tipos.some((t) => t !== 'Procob_CPF_CNPJ')) await consultarListasEInscricao(base);
  }
  return pendentes.length;
}

/** The usuario id of a client of this brand by its uid (usuario or cliente uid), or null. */
export async function usuarioDoUid({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const [u] = await db
    .select({ id: usuario.id })
    .from(usuario)
    .leftJoin(cliente, eq(cliente.usuarioId, usuario.id))
    .where(and(eq(usuario.hotsiteId, hotsiteId), sql`(${usuario.uid} = ${uid} OR ${cliente.uid} = ${uid})`));
  return u?.id ?? null;
}

export const respostaDaEquipeSchema = z.object({
  situacao: z.enum(['Autorizado', 'Falha'], { error: 'Responda Autorizado ou Falha' }),
  observacao: textoLivre(500).optional(),
});

/** Staff answer a check (Divergente or Aguardando): the habilitation becomes theirs (tipoAutorizacao Manual). */
export async function responderConsultaCliente({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  respondidoPor,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: z.infer<typeof respostaDaEquipeSchema>;
  respondidoPor: string;
}): Promise<SituacaoDoCliente> {
  const agora = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(consultaCliente).values({
      hotsiteId,
      usuarioId,
      tipo: 'Manual',
      situacao: entrada.situacao,
      resposta: entrada.observacao || `Respondido pela equipe: ${entrada.situacao}`,
      fonte: 'Equipe',
      consultadoAt: agora,
      respondidoPor,
      respondidoAt: agora,
    });
    await tx
      .insert(habilitacaoSucata)
      .values({ hotsiteId, usuarioId, situacao: entrada.situacao, tipoAutorizacao: 'Manual' })
      .onConflictDoUpdate({
        target: habilitacaoSucata.usuarioId,
        set: { situacao: entrada.situacao, tipoAutorizacao: 'Manual', updatedAt: agora },
        setWhere: eq(habilitacaoSucata.hotsiteId, hotsiteId),
      });
  });
  return situacaoDoCliente({ db, hotsiteId, usuarioId });
}

/** The client's checks, newest first (laudo-procob/{uid}, laudo-habilitacoes/{uid}). */
export async function consultasDoCliente({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  return db
    .select({
      uid: consultaCliente.uid,
      tipo: consultaCliente.tipo,
      situacao: consultaCliente.situacao,
      resposta: consultaCliente.resposta,
      fonte: consultaCliente.fonte,
      consultadoAt: consultaCliente.consultadoAt,
      respondidoPor: consultaCliente.respondidoPor,
    })
    .from(consultaCliente)
    .where(and(eq(consultaCliente.hotsiteId, hotsiteId), eq(consultaCliente.usuarioId, usuarioId)))
    .orderBy(desc(consultaCliente.consultadoAt), desc(consultaCliente.id))
    .limit(100);
}

/** The brand's clients with a scrap habilitation, the ones waiting for staff first (laudo-procob, laudo-habilitacoes). */
export async function habilitacoesSucata({ db, hotsiteId, limite = 200 }: { db: Db; hotsiteId: number; limite?: number }) {
  return db
    .select({
      usuarioUid: usuario.uid,
      nome: usuario.nome,
      documento: sql<string | null>`coalesce(${cliente.cnpj}, ${cliente.cpf})`,
      situacao: habilitacaoSucata.situacao,
      tipoAutorizacao: habilitacaoSucata.tipoAutorizacao,
      atualizadoAt: habilitacaoSucata.updatedAt,
    })
    .from(habilitacaoSucata)
    .innerJoin(usuario, eq(usuario.id, habilitacaoSucata.usuarioId))
    .leftJoin(cliente, eq(cliente.usuarioId, usuario.id))
    .where(eq(habilitacaoSucata.hotsiteId, hotsiteId))
    .orderBy(sql`${habilitacaoSucata.situacao} IN ('Divergente', 'Aguardando') DESC`, desc(habilitacaoSucata.updatedAt))
    .limit(limite);
}

/** A client of this brand by uid, with the name and document the reports show; null when unknown here. */
export async function clienteDoLaudo({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const usuarioId = await usuarioDoUid({ db, hotsiteId, uid });
  if (!usuarioId) return null;
  const [c] = await db
    .select({ id: usuario.id, uid: usuario.uid, nome: usuario.nome, email: usuario.email, cpf: cliente.cpf, cnpj: cliente.cnpj })
    .from(usuario)
    .leftJoin(cliente, eq(cliente.usuarioId, usuario.id))
    .where(and(eq(usuario.hotsiteId, hotsiteId), eq(usuario.id, usuarioId)));
  return c ?? null;
}
