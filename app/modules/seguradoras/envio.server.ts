import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { aplicarEtapasAutomaticas } from '~/modules/remocoes/etapas-automaticas.server';
import type { Logger } from '~/utils/logger.server';
import { linhas } from '~/utils/linhas.server';
import { cabecalhosAssinados } from './assinatura.server';

/*
 * The sender of status updates (decision 172): drains `seguradora_envio`, which the removal's use cases fill
 * in their own transactions. Each row is claimed by pushing its next attempt forward (so an instance that dies
 * mid-call leaves it to be tried again, and two instances never send it at once), POSTed signed to the
 * insurer's address, and logged (tipo `api`, origin Enviado) with the answer and the time it took.
 *  - EST01/EST02/ESTXX: sent.
 *  - EST03, or a status NOT_PROCESSED (spec 001 §4: an error): refused; not retried (the same body would be
 *    refused again), shown on the removal as 'Erro Mapfre: …', sent again by staff when corrected.
 *  - no answer, a timeout, 5xx, 429, or an answer we cannot read: tried again after 30 s, 1, 2, 4… min (at
 *    most 1 h), eight times in all, then `erro`.
 */
export const MAX_TENTATIVAS_SEGURADORA = 8;
export const TIMEOUT_SEGURADORA_MS = 40_000;

type Fetch = typeof fetch;

interface Envio {
  id: number;
  hotsiteId: number;
  integradora: string;
  remocaoId: number;
  veiculoId: number;
  eventCode: string;
  body: unknown;
  tentativas: number;
  urlStatus: string | null;
  segredo: string | null;
  processId: string | null;
}

/** Claims the next due update (null when none is due). */
async function proximo(db: Db): Promise<Envio | null> {
  const [e] = linhas<Envio>(
    await db.execute(sql`
      UPDATE seguradora_envio s SET tentativas = s.tentativas + 1, updated_at = now(),
             proxima_em = now() + make_interval(secs => least(30 * power(2, s.tentativas), 3600))
        FROM (SELECT id FROM seguradora_envio WHERE situacao = 'pendente' AND proxima_em <= now()
               ORDER BY proxima_em, id LIMIT 1 FOR UPDATE SKIP LOCKED) alvo, remocao r
       WHERE s.id = alvo.id AND r.id = s.remocao_id
      RETURNING s.id, s.hotsite_id AS "hotsiteId", s.integradora, s.remocao_id AS "remocaoId", r.veiculo_id AS "veiculoId",
                s.event_code AS "eventCode", s.body, s.tentativas, r.process_id AS "processId",
                (SELECT url_status FROM seguradora_integracao i WHERE i.hotsite_id = s.hotsite_id AND i.integradora = s.integradora AND i.ativo) AS "urlStatus",
                (SELECT segredo FROM seguradora_integracao i WHERE i.hotsite_id = s.hotsite_id AND i.integradora = s.integradora AND i.ativo) AS segredo`),
  );
  return e ? { ...e, id: Number(e.id), tentativas: Number(e.tentativas) } : null;
}

const objeto = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What the insurer's answer means: taken, refused (with its errors) or to be tried again. */
export function lerResposta(
  status: number,
  corpo: unknown,
): { tipo: 'aceito' } | { tipo: 'recusado'; erros: string[] } | { tipo: 'falha'; motivo: string } {
  const c = objeto(corpo);
  const su = objeto(objeto(c.businessData).status_update);
  const codigo = String(c.status ?? c.statusCode ?? su.statusCode ?? '');
  const erros = [c.errors, objeto(c.error).errors, objeto(su.error).errors]
    .flatMap((l) => (Array.isArray(l) ? l : []))
    .filter((x): x is string => typeof x === 'string' && x !== '');
  if (codigo === 'EST03' || codigo === 'NOT_PROCESSED') return { tipo: 'recusado', erros };
  if (status >= 500 || status === 429 || status === 408) return { tipo: 'falha', motivo: `A seguradora respondeu ${status}` };
  if (status >= 400) return { tipo: 'recusado', erros: erros.length ? erros : [`A seguradora respondeu ${status}`] };
  if (['EST01', 'EST02', 'ESTXX', 'PROCESSED'].includes(codigo) || status === 204) return { tipo: 'aceito' };
  return { tipo: 'falha', motivo: 'Resposta da seguradora sem recibo (EST01, EST02 ou ESTXX)' };
}

async function registrar(db: Db, e: Envio, l: { url: string; response: unknown; error: string | null; ms: number }) {
  await db.execute(sql`INSERT INTO comitente_integracao_log (hotsite_id, cli_uid, integradora, tipo, url, body, response, error, tempo_resposta,
        veiculo_id, remocao_id)
      VALUES (${e.hotsiteId}, ${e.processId}, ${e.integradora}, 'api', ${l.url}, ${JSON.stringify(e.body)}::jsonb,
        ${l.response === undefined ? null : JSON.stringify(l.response)}::jsonb, ${l.error}, ${l.ms}, ${e.veiculoId}, ${e.remocaoId})`);
}

/** Sends one update; answers what became of it. */
async function enviar(db: Db, e: Envio, f: Fetch, timeoutMs: number): Promise<'enviado' | 'recusado' | 'pendente' | 'erro'> {
  const fim = async (situacao: 'enviado' | 'recusado' | 'pendente' | 'erro', erro: string | null) => {
    const final = situacao === 'pendente' && e.tentativas >= MAX_TENTATIVAS_SEGURADORA ? 'erro' : situacao;
    await db.execute(sql`UPDATE seguradora_envio SET situacao = ${final}, ultimo_erro = ${erro}, updated_at = now(),
        enviado_at = ${final === 'enviado' ? sql`now()` : sql`enviado_at`} WHERE id = ${e.id}`);
    return final;
  };
  if (!e.urlStatus || !e.segredo) {
    const motivo = 'Integração sem endereço de retorno configurado';
    await registrar(db, e, { url: '—', response: undefined, error: motivo, ms: 0 });
    return fim('erro', motivo);
  }
  const corpo = JSON.stringify(e.body);
  const inicio = performance.now();
  let status = 0;
  let resposta: unknown;
  try {
    const r = await f(e.urlStatus, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cabecalhosAssinados(e.segredo, corpo) },
      body: corpo,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = r.status;
    const texto = await r.text();
    try {
      resposta = texto ? (JSON.parse(texto) as unknown) : null;
    } catch {
      resposta = { texto: texto.slice(0, 2000) };
    }
  } catch (erro) {
    const expirou = (erro as Error).name === 'TimeoutError';
    const motivo = expirou
      ? `Tempo de resposta esgotado (${Math.round(timeoutMs / 1000)} s) ao enviar à seguradora`
      : 'Falha de conexão com a seguradora';
    await registrar(db, e, { url: e.urlStatus, response: undefined, error: motivo, ms: Math.round(performance.now() - inicio) });
    return fim('pendente', motivo);
  }
  const ms = Math.round(performance.now() - inicio);
  const lido = lerResposta(status, resposta);
  if (lido.tipo === 'aceito') {
    await registrar(db, e, { url: e.urlStatus, response: resposta, error: null, ms });
    return fim('enviado', null);
  }
  if (lido.tipo === 'recusado') {
    const texto = lido.erros.length ? `Erro ${e.integradora}: ${lido.erros.join(', ')}` : `Erro ao processar evento ${e.integradora}`;
    await registrar(db, e, { url: e.urlStatus, response: resposta, error: texto, ms });
    return fim('recusado', texto);
  }
  await registrar(db, e, { url: e.urlStatus, response: resposta, error: lido.motivo, ms });
  return fim('pendente', lido.motivo);
}

/** Sends the due updates, one at a time, up to `lote`; answers how many ended in each way. */
export async function drenarEnviosSeguradora({
  db,
  fetch: f = fetch,
  lote = 20,
  timeoutMs = TIMEOUT_SEGURADORA_MS,
}: {
  db: Db;
  fetch?: Fetch;
  lote?: number;
  timeoutMs?: number;
}) {
  const contagem = { enviado: 0, recusado: 0, pendente: 0, erro: 0 };
  for (let i = 0; i < lote; i++) {
    const e = await proximo(db);
    if (!e) break;
    contagem[await enviar(db, e, f, timeoutMs)]++;
  }
  return contagem;
}

/** Staff send a refused or failed update again (the removal screen's "Reenviar"). */
export async function reenviarAtualizacao({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const r = await db.execute(sql`UPDATE seguradora_envio SET situacao = 'pendente', tentativas = 0, proxima_em = now(), updated_at = now()
      WHERE hotsite_id = ${hotsiteId} AND uid::text = ${uid} AND situacao IN ('recusado', 'erro') RETURNING id`);
  return linhas(r).length > 0;
}

/** Polls the sale stages and the outbox of updates while the server runs (every 2 s), like the e-mail outbox. */
export function iniciarEnvioSeguradoras({ db, logger, intervaloMs = 2000 }: { db: Db; logger: Logger; intervaloMs?: number }) {
  let rodando: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (rodando) return;
    // The sale stages the lots reached turn into updates first, so one tick sends them.
    rodando = aplicarEtapasAutomaticas({ db })
      .then(() => drenarEnviosSeguradora({ db }))
      .then(
        () => undefined,
        (erro: unknown) => logger.warn({ err: erro }, 'falha ao enviar atualizações às seguradoras'),
      )
      .finally(() => {
        rodando = null;
      });
  }, intervaloMs);
  timer.unref();
  return {
    parar: async () => {
      clearInterval(timer);
      await rodando;
    },
  };
}
