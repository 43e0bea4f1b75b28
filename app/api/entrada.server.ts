import type { NextFunction, Request, Response } from 'express';
import { ErroHttp } from '~/utils/errors';
import { MENSAGEM_CARACTERE_INVALIDO, temCaractereNulo } from '~/utils/entrada';

/**
 * The API's input boundary, before any handler (docs/decisions/010): the path must %-decode, and no
 * text anywhere in it, the query or the JSON body may hold NUL (PostgreSQL text cannot). The JSON
 * body is also refused when nested deeper than anything we accept or when it names a prototype key.
 * Schemas then decide each field; this only keeps what no schema should ever see from reaching one.
 */
export const PROFUNDIDADE_MAXIMA = 32;
const CHAVES_PROIBIDAS = new Set(['__proto__', 'constructor', 'prototype']);

export const MENSAGENS_ENTRADA = {
  caractere: MENSAGEM_CARACTERE_INVALIDO,
  endereco: 'Endereço inválido',
  profundidade: 'JSON muito aninhado',
  chave: 'Campo não permitido no JSON',
} as const;

/** Walks a parsed value without recursion (a deep value must not exhaust the stack). */
function verificarValor(raiz: unknown): void {
  const pilha: { valor: unknown; nivel: number }[] = [{ valor: raiz, nivel: 0 }];
  while (pilha.length) {
    const { valor, nivel } = pilha.pop()!;
    if (typeof valor === 'string') {
      if (temCaractereNulo(valor)) throw new ErroHttp(400, MENSAGENS_ENTRADA.caractere);
      continue;
    }
    if (valor === null || typeof valor !== 'object') continue;
    if (nivel >= PROFUNDIDADE_MAXIMA) throw new ErroHttp(400, MENSAGENS_ENTRADA.profundidade);
    for (const chave of Object.keys(valor)) {
      if (temCaractereNulo(chave)) throw new ErroHttp(400, MENSAGENS_ENTRADA.caractere);
      if (CHAVES_PROIBIDAS.has(chave)) throw new ErroHttp(400, MENSAGENS_ENTRADA.chave);
      pilha.push({ valor: (valor as Record<string, unknown>)[chave], nivel: nivel + 1 });
    }
  }
}

/** Router middleware: runs after the JSON parser, before the routes. */
export function entradaSegura(req: Request, _res: Response, next: NextFunction): void {
  try {
    let caminho: string;
    try {
      caminho = decodeURIComponent(req.path);
    } catch {
      throw new ErroHttp(400, MENSAGENS_ENTRADA.endereco);
    }
    if (temCaractereNulo(caminho)) throw new ErroHttp(400, MENSAGENS_ENTRADA.caractere);
    verificarValor(req.query);
    verificarValor(req.body);
    next();
  } catch (erro) {
    next(erro);
  }
}
