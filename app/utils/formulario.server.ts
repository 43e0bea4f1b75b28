import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node';
import { ErroHttp } from './errors';

/**
 * The one way a page action reads its form. Every page action goes through here so that a body that is
 * too big, of the wrong type, broken, or carrying NUL characters or prototype keys is a 4xx with a pt-BR
 * message before any use case sees it (and the bad-input property test holds for every action).
 */
export const MENSAGENS_FORMULARIO = {
  tipo: 'Tipo de conteúdo não suportado: envie um formulário',
  corrompido: 'Formulário inválido ou incompleto',
  grande: 'Requisição muito grande',
  partes: 'Campos demais no formulário',
  caractere: 'Caractere inválido no texto',
  campo: 'Campo inválido no formulário',
  arquivoNaoPermitido: 'Este formulário não aceita arquivos',
} as const;

export interface LimitesDeFormulario {
  /** Files this form takes (0: none). */
  arquivos?: number;
  /** Largest file, in bytes. */
  bytesPorArquivo?: number;
  /** Whole body, in bytes (checked on Content-Length and again while reading). */
  bytesTotal?: number;
  /** Text fields at the most. */
  campos?: number;
}

const PADRAO: Required<LimitesDeFormulario> = { arquivos: 0, bytesPorArquivo: 0, bytesTotal: 256_000, campos: 500 };
/** A text field is never a file: 100 kB is more than any of our textareas takes. */
const BYTES_POR_CAMPO = 100_000;

const CHAVES_PROIBIDAS = new Set(['__proto__', 'constructor', 'prototype']);
export const temNul = (s: string) => s.includes('\u0000');

export class ArquivoGrandeDemais extends ErroHttp {
  constructor(readonly limite: number) {
    super(413, `Arquivo muito grande: o limite é ${Math.round(limite / 1000)} kB`);
  }
}

const FORMULARIO = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

/** A body this server accepts on a page action: a form (or nothing at all). */
export function tipoDeFormularioAceito(request: Request): boolean {
  const tipo = request.headers.get('content-type');
  if (!tipo) return !request.body || request.headers.get('content-length') === '0';
  return FORMULARIO.test(tipo) || MULTIPART.test(tipo);
}

function tamanhoDeclarado(request: Request): number | null {
  const n = Number(request.headers.get('content-length'));
  return Number.isFinite(n) && n >= 0 && request.headers.has('content-length') ? n : null;
}

/** The body as text, stopping (413) as soon as it passes `limite` bytes, whatever Content-Length said. */
async function textoLimitado(request: Request, limite: number): Promise<string> {
  if (!request.body) return '';
  const leitor = request.body.getReader();
  const partes: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await leitor.read();
    if (done) break;
    total += value.byteLength;
    if (total > limite) {
      // Not cancel(): that destroys the socket and the client never reads our 413. The server drains
      // the rest after answering (descarte-de-corpo.server.ts).
      leitor.releaseLock();
      throw new ErroHttp(413, MENSAGENS_FORMULARIO.grande);
    }
    partes.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(partes));
}

function validarEntradas(form: FormData, limites: Required<LimitesDeFormulario>): FormData {
  let campos = 0;
  for (const [chave, valor] of form.entries()) {
    if (temNul(chave) || (typeof valor === 'string' && temNul(valor))) throw new ErroHttp(400, MENSAGENS_FORMULARIO.caractere);
    if (chave.split('.').some((p) => CHAVES_PROIBIDAS.has(p))) throw new ErroHttp(400, MENSAGENS_FORMULARIO.campo);
    if (typeof valor === 'string' && ++campos > limites.campos) throw new ErroHttp(413, MENSAGENS_FORMULARIO.partes);
  }
  return form;
}

/**
 * Reads a page action's form within limits: urlencoded up to `bytesTotal`; multipart streamed part by
 * part, each file held in memory only up to `bytesPorArquivo`, at most `arquivos` files and `campos`
 * fields, the whole body at most `bytesTotal`. Wrong content type → 415, broken body → 400, too big → 413.
 */
export async function lerFormulario(request: Request, opcoes: LimitesDeFormulario = {}): Promise<FormData> {
  const limites = { ...PADRAO, ...opcoes };
  if (opcoes.arquivos && !opcoes.bytesTotal) limites.bytesTotal = PADRAO.bytesTotal + limites.arquivos * limites.bytesPorArquivo;
  if (!tipoDeFormularioAceito(request)) throw new ErroHttp(415, MENSAGENS_FORMULARIO.tipo);
  const declarado = tamanhoDeclarado(request);
  if (declarado !== null && declarado > limites.bytesTotal) throw new ErroHttp(413, MENSAGENS_FORMULARIO.grande);
  const tipo = request.headers.get('content-type') ?? '';

  if (!MULTIPART.test(tipo)) {
    let texto: string;
    try {
      texto = await textoLimitado(request, limites.bytesTotal);
    } catch (erro) {
      if (erro instanceof ErroHttp) throw erro;
      throw new ErroHttp(400, MENSAGENS_FORMULARIO.corrompido);
    }
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(texto)) form.append(k, v);
    return validarEntradas(form, limites);
  }

  let arquivos = 0;
  let partes = 0;
  let total = 0;
  const memoria = unstable_createMemoryUploadHandler({ maxPartSize: Math.max(limites.bytesPorArquivo, BYTES_POR_CAMPO) });
  const contarBytes = async function* (dados: AsyncIterable<Uint8Array>, limiteParte: number) {
    let daParte = 0;
    for await (const pedaco of dados) {
      daParte += pedaco.byteLength;
      total += pedaco.byteLength;
      if (total > limites.bytesTotal) throw new ErroHttp(413, MENSAGENS_FORMULARIO.grande);
      if (daParte > limiteParte)
        throw limiteParte === BYTES_POR_CAMPO ? new ErroHttp(413, MENSAGENS_FORMULARIO.grande) : new ArquivoGrandeDemais(limiteParte);
      yield pedaco;
    }
  };
  const limitado: UploadHandler = async (parte) => {
    if (++partes > limites.campos + limites.arquivos) throw new ErroHttp(413, MENSAGENS_FORMULARIO.partes);
    if (CHAVES_PROIBIDAS.has(parte.name) || temNul(parte.name)) throw new ErroHttp(400, MENSAGENS_FORMULARIO.campo);
    const ehArquivo = parte.filename !== undefined;
    if (ehArquivo && ++arquivos > limites.arquivos) {
      throw new ErroHttp(
        limites.arquivos === 0 ? 415 : 413,
        limites.arquivos === 0 ? MENSAGENS_FORMULARIO.arquivoNaoPermitido : MENSAGENS_FORMULARIO.partes,
      );
    }
    return memoria({ ...parte, data: contarBytes(parte.data, ehArquivo ? limites.bytesPorArquivo : BYTES_POR_CAMPO) });
  };
  try {
    return validarEntradas(await unstable_parseMultipartFormData(request, limitado), limites);
  } catch (erro) {
    if (erro instanceof ErroHttp) throw erro;
    if (erro instanceof MaxPartSizeExceededError) throw new ArquivoGrandeDemais(limites.bytesPorArquivo);
    throw new ErroHttp(400, MENSAGENS_FORMULARIO.corrompido);
  }
}

/**
 * Nested field names ('endereco.cep') → a plain object, so one zod schema reads forms and JSON alike.
 * Objects have no prototype and the keys that reach one are refused, so a field name can never write
 * to Object.prototype (or anything but this object).
 */
export function formParaObjeto(form: FormData | URLSearchParams): Record<string, unknown> {
  const saida: Record<string, unknown> = Object.create(null);
  for (const [chave, valor] of form.entries()) {
    if (typeof valor !== 'string') continue;
    const partes = chave.split('.');
    if (partes.some((p) => CHAVES_PROIBIDAS.has(p))) throw new ErroHttp(400, MENSAGENS_FORMULARIO.campo);
    let alvo = saida;
    for (const p of partes.slice(0, -1)) {
      const proximo = Object.hasOwn(alvo, p) ? alvo[p] : undefined;
      if (proximo !== undefined && (typeof proximo !== 'object' || proximo === null)) throw new ErroHttp(400, MENSAGENS_FORMULARIO.campo);
      alvo = (proximo as Record<string, unknown> | undefined) ?? (alvo[p] = Object.create(null) as Record<string, unknown>);
    }
    alvo[partes[partes.length - 1]] = valor;
  }
  return saida;
}
