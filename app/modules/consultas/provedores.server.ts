import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ClasseMonta } from './tipos';

/*
 * The third parties behind the checks (issue #31, decision 178), one adapter each: a real one over HTTP
 * when its URL is set, else a simulator that answers the same shapes from the vehicle's or document's own
 * digits, so the demo shows varied, stable answers. Built once per process (createMartelo) and handed down
 * in the load context. Every call takes an AbortSignal: the caller sets the deadline (CONSULTAS_TIMEOUT_MS),
 * so a slow provider never holds a page or a bid. Tokens go only in the Authorization header.
 */

export interface VeiculoConsultado {
  placa: string | null;
  chassi: string | null;
  renavam: string | null;
}

/** The vehicle history provider's answer, in our units (centavos). */
export interface RespostaHistoricoVeicular {
  fonte: string;
  ipva: number;
  multas: number;
  licenciamento: number;
  alienacao: string | null;
  bloqueioJudicial: string | null;
  recall: string | null;
  monta: ClasseMonta | null;
  leilao: boolean;
}

export interface RespostaProcob {
  fonte: string;
  /** The restrictions found (empty: clean). */
  restricoes: string[];
  /** The document's registration status at the tax authority (ATIVA, REGULAR, SUSPENSA, ...). */
  situacaoCadastral: string;
  /** A company's CNAE activity codes (empty for a person). */
  atividades: string[];
}

/** A restricted-lists provider's answer: the lists the document is on (empty: on none). */
export interface RespostaListaRestritiva {
  fonte: string;
  listas: string[];
}

/** A company's state registrations (inscrições estaduais), each with its state and its status there. */
export interface RespostaInscricaoEstadual {
  fonte: string;
  inscricoes: { uf: string; numero: string; situacao: string }[];
}

export interface RespostaDetran {
  fonte: string;
  aceito: boolean;
  mensagem: string;
}

export interface ItemParaDetran {
  placa: string | null;
  chassi: string;
  renavan: string | null;
  leilao: string;
}

export interface Provedores {
  timeoutMs: number;
  historico: { nome: string; consultar(v: VeiculoConsultado, sinal: AbortSignal): Promise<RespostaHistoricoVeicular> };
  procob: { nome: string; consultar(documento: string, sinal: AbortSignal): Promise<RespostaProcob> };
  detran: { nome: string; cadastrar(item: ItemParaDetran, sinal: AbortSignal): Promise<RespostaDetran> };
  listaRestritiva: { nome: string; consultar(documento: string, sinal: AbortSignal): Promise<RespostaListaRestritiva> };
  inscricaoEstadual: { nome: string; consultar(cnpj: string, sinal: AbortSignal): Promise<RespostaInscricaoEstadual> };
}

export interface ConfiguracaoProvedores {
  CONSULTAS_TIMEOUT_MS: number;
  HISTORICO_VEICULAR_URL?: string;
  HISTORICO_VEICULAR_TOKEN?: string;
  PROCOB_URL?: string;
  PROCOB_TOKEN?: string;
  DETRAN_URL?: string;
  DETRAN_TOKEN?: string;
  LISTA_RESTRITIVA_URL?: string;
  LISTA_RESTRITIVA_TOKEN?: string;
  INSCRICAO_ESTADUAL_URL?: string;
  INSCRICAO_ESTADUAL_TOKEN?: string;
}

/** A provider that did not answer, or answered out of contract: the caller records a failed check. */
export class ProvedorIndisponivel extends Error {}

const reais = z.coerce.number().min(0).max(100_000_000);
const paraCentavos = (v: number) => Math.round(v * 100);

/* The recorded contracts (tests/integration/consultas-*.test.ts answer them with msw). */
const historicoSchema = z.object({
  fonte: z.string().min(1).max(80),
  debitos: z.object({ ipva: reais, multas: reais, licenciamento: reais }),
  alienacao: z.object({ consta: z.boolean(), credor: z.string().max(120).nullish() }),
  bloqueioJudicial: z.object({ consta: z.boolean(), processo: z.string().max(120).nullish() }),
  recall: z.object({ pendente: z.boolean(), campanha: z.string().max(200).nullish() }),
  monta: z.enum(['PEQUENA', 'MEDIA', 'GRANDE']).nullable(),
  leilao: z.boolean(),
});
const procobSchema = z.object({
  fonte: z.string().min(1).max(80).default('Procob'),
  situacaoCadastral: z.string().max(40),
  restricoes: z.array(z.string().max(200)).max(50),
  atividades: z.array(z.string().max(20)).max(100).default([]),
});
const detranSchema = z.object({ aceito: z.boolean(), mensagem: z.string().max(500) });
const listaRestritivaSchema = z.object({
  fonte: z.string().min(1).max(80),
  listas: z.array(z.string().min(1).max(200)).max(50),
});
const inscricaoEstadualSchema = z.object({
  fonte: z.string().min(1).max(80),
  inscricoes: z
    .array(z.object({ uf: z.string().length(2), numero: z.string().min(1).max(20), situacao: z.string().min(1).max(40) }))
    .max(27),
});

async function pedirJson(url: string, token: string | undefined, sinal: AbortSignal, corpo?: unknown): Promise<unknown> {
  let r: Response;
  try {
    r = await fetch(url, {
      method: corpo === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
      signal: sinal,
    });
  } catch (e) {
    throw new ProvedorIndisponivel(sinal.aborted ? 'tempo esgotado' : `sem conexão (${(e as Error).name})`);
  }
  if (!r.ok) throw new ProvedorIndisponivel(`HTTP ${r.status}`);
  try {
    return await r.json();
  } catch {
    throw new ProvedorIndisponivel('resposta que não é JSON');
  }
}

function lerContrato<T>(schema: z.ZodType<T>, corpo: unknown): T {
  const p = schema.safeParse(corpo);
  if (!p.success) throw new ProvedorIndisponivel('resposta fora do contrato');
  return p.data;
}

/** Stable pseudo-random bytes from a key: the simulator's answers repeat for the same vehicle. */
const bytesDe = (chave: string) => createHash('sha256').update(chave).digest();

/** Waits like a provider does (a few tens of ms), and gives up when the caller does. */
function esperar(ms: number, sinal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (sinal.aborted) return reject(new ProvedorIndisponivel('tempo esgotado'));
    const t = setTimeout(resolve, ms);
    sinal.addEventListener('abort', () => (clearTimeout(t), reject(new ProvedorIndisponivel('tempo esgotado'))), { once: true });
  });
}

const MONTAS: (ClasseMonta | null)[] = [null, 'PEQUENA', 'MEDIA', 'GRANDE'];

/** The simulator's answer for a vehicle: stable for the same chassi (the demo's seed stores it too). */
export function historicoSimulado(v: VeiculoConsultado): RespostaHistoricoVeicular {
  const b = bytesDe(v.chassi ?? v.placa ?? '');
  return {
    fonte: 'Simulador (Detran)',
    ipva: b[0] % 3 === 0 ? 80_000 + b[1] * 500 : 0,
    multas: b[2] % 4 === 0 ? 19_515 * (1 + (b[3] % 3)) : 0,
    licenciamento: b[4] % 5 === 0 ? 16_045 : 0,
    alienacao: b[5] % 6 === 0 ? 'Banco Simulado S.A.' : null,
    bloqueioJudicial: b[6] % 9 === 0 ? 'Restrição judicial (RENAJUD)' : null,
    recall: b[7] % 7 === 0 ? 'Airbag do motorista: substituição do inflador' : null,
    monta: MONTAS[b[8] % 4],
    leilao: b[9] % 2 === 0,
  };
}

export function criarProvedores(env: ConfiguracaoProvedores): Provedores {
  const historicoUrl = env.HISTORICO_VEICULAR_URL?.replace(/\/+$/, '');
  const procobUrl = env.PROCOB_URL?.replace(/\/+$/, '');
  const detranUrl = env.DETRAN_URL?.replace(/\/+$/, '');
  const listaUrl = env.LISTA_RESTRITIVA_URL?.replace(/\/+$/, '');
  const inscricaoUrl = env.INSCRICAO_ESTADUAL_URL?.replace(/\/+$/, '');
  return {
    timeoutMs: env.CONSULTAS_TIMEOUT_MS,
    historico: historicoUrl
      ? {
          nome: 'Histórico veicular',
          async consultar(v, sinal) {
            const chave = v.chassi ?? v.placa;
            if (!chave) throw new ProvedorIndisponivel('veículo sem chassi nem placa');
            const r = lerContrato(
              historicoSchema,
              await pedirJson(`${historicoUrl}/v1/veiculos/${encodeURIComponent(chave)}`, env.HISTORICO_VEICULAR_TOKEN, sinal),
            );
            return {
              fonte: r.fonte,
              ipva: paraCentavos(r.debitos.ipva),
              multas: paraCentavos(r.debitos.multas),
              licenciamento: paraCentavos(r.debitos.licenciamento),
              alienacao: r.alienacao.consta ? (r.alienacao.credor ?? 'Consta') : null,
              bloqueioJudicial: r.bloqueioJudicial.consta ? (r.bloqueioJudicial.processo ?? 'Consta') : null,
              recall: r.recall.pendente ? (r.recall.campanha ?? 'Pendente') : null,
              monta: r.monta,
              leilao: r.leilao,
            };
          },
        }
      : {
          nome: 'Simulador',
          async consultar(v, sinal) {
            await esperar(20, sinal);
            return historicoSimulado(v);
          },
        },
    procob: procobUrl
      ? {
          nome: 'Procob',
          async consultar(documento, sinal) {
            return lerContrato(procobSchema, await pedirJson(`${procobUrl}/v1/consulta`, env.PROCOB_TOKEN, sinal, { documento }));
          },
        }
      : {
          nome: 'Simulador',
          async consultar(documento, sinal) {
            await esperar(20, sinal);
            // In the simulator a company is a dismantler unless its CNPJ's check digits are even; documents
            // whose first digit is 9 carry a restriction, so the demo shows Autorizado, Falha and Divergente.
            const d = documento.replace(/\D/g, '');
            const empresa = d.length === 14;
            return {
              fonte: 'Simulador (Procob)',
              situacaoCadastral: empresa ? 'ATIVA' : 'REGULAR',
              restricoes: d.startsWith('9') ? ['Protesto em cartório'] : [],
              atividades: empresa ? (Number(d.slice(-2)) % 2 === 0 ? ['4781-4/00'] : ['4530-7/04', '4687-7/03']) : [],
            };
          },
        },
    detran: detranUrl
      ? {
          nome: 'Detran',
          async cadastrar(item, sinal) {
            const r = lerContrato(detranSchema, await pedirJson(`${detranUrl}/v1/leiloes/itens`, env.DETRAN_TOKEN, sinal, item));
            return { fonte: 'Detran', ...r };
          },
        }
      : {
          nome: 'Simulador',
          async cadastrar(item, sinal) {
            await esperar(20, sinal);
            const aceito = item.chassi.length === 17;
            return {
              fonte: 'Simulador (Detran)',
              aceito,
              mensagem: aceito ? 'Item cadastrado no leilão' : 'Chassi deve ter 17 caracteres',
            };
          },
        },
    listaRestritiva: listaUrl
      ? {
          nome: 'Listas restritivas',
          async consultar(documento, sinal) {
            return lerContrato(
              listaRestritivaSchema,
              await pedirJson(`${listaUrl}/v1/consulta`, env.LISTA_RESTRITIVA_TOKEN, sinal, { documento }),
            );
          },
        }
      : {
          nome: 'Simulador',
          async consultar(documento, sinal) {
            await esperar(20, sinal);
            // In the simulator a document ending in 7 is on a list, so the demo shows both answers.
            const d = documento.replace(/[^0-9A-Za-z]/g, '');
            return { fonte: 'Simulador (listas restritivas)', listas: d.endsWith('7') ? ['CEIS (Portal da Transparência)'] : [] };
          },
        },
    inscricaoEstadual: inscricaoUrl
      ? {
          nome: 'Inscrição estadual',
          async consultar(cnpj, sinal) {
            return lerContrato(
              inscricaoEstadualSchema,
              await pedirJson(`${inscricaoUrl}/v1/inscricoes`, env.INSCRICAO_ESTADUAL_TOKEN, sinal, { cnpj }),
            );
          },
        }
      : {
          nome: 'Simulador',
          async consultar(cnpj, sinal) {
            await esperar(20, sinal);
            // A CNPJ ending in 0 has its registration suspended; the others are enabled in SP.
            const d = cnpj.replace(/[^0-9A-Za-z]/g, '');
            return {
              fonte: 'Simulador (Sintegra)',
              inscricoes: [{ uf: 'SP', numero: `${d.slice(0, 9)}${d.slice(-3)}`, situacao: d.endsWith('0') ? 'SUSPENSA' : 'HABILITADA' }],
            };
          },
        },
  };
}
