import type { Request, Router } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import {
  comitentesDeUsuario,
  comitentesDoUsuario,
  desvincularComitente,
  listarComitentes,
  usuarioAlvo,
  vincularComitentes,
  vincularSchema,
} from '~/modules/comitentes/usuarios-comitente.server';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/identidade/papeis';
import { ID_MAXIMO } from '~/utils/id';
import { rota } from './rota.server';
import type { DocRota } from './documentacao.server';
import { mensagemSchema } from './esquemas';

/**
 * Sellers and the users tied to them (spec 001 §7, decision 011). Writes, and reading another user's
 * links, need Interno - ADM; any logged-in user may read their own links. `listar-comitentes` answers
 * the whole brand to ADM/SAC and a seller user's own sellers to them.
 */
const P = PAPEIS_INTERNOS;

/** A row id from the URL: digits only, within PostgreSQL's integer. */
const idDaUrl = (rotulo: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${rotulo} inválido`)
    .transform(Number)
    .pipe(z.number().int().positive(`${rotulo} inválido`).max(ID_MAXIMO, `${rotulo} inválido`));

/** The user in the URL: the spec addresses them by uid (v1) or by id. */
const usuarioDaUrl = z.union(
  [z.uuid({ error: 'Usuário inválido' }).transform((uid) => ({ uid })), idDaUrl('Usuário').transform((id) => ({ id }))],
  {
    error: 'Usuário inválido',
  },
);

/** The user a `usuario-comitente` call is about, after checking the caller may act on them. */
async function alvo(req: Request, ctx: Contexto, { escrita }: { escrita: boolean }) {
  const eu = await exigirPapelApi(req, ctx, escrita ? [P.ADM] : []);
  const ref = usuarioDaUrl.parse(req.params.usuario);
  const proprio = 'id' in ref ? ref.id === eu.id : ref.uid === eu.uid;
  // Someone else's links: ADM only, asked before looking the user up so ids cannot be probed.
  if (!proprio) await exigirPapelApi(req, ctx, [P.ADM]);
  return usuarioAlvo({ db: ctx.db, hotsiteId: ctx.marca.id, ref });
}

export function rotasComitentes(router: Router) {
  router.get(
    '/comitentes/listar-comitentes',
    rota(async (req, _res, ctx) => {
      const u = await exigirPapelApi(req, ctx, [P.ADM, P.SAC, P.COMITENTE]);
      const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
      return listarComitentes({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes });
    }),
  );
  router.get(
    '/comitentes/usuario-comitente/:usuario',
    rota(async (req, _res, ctx) => {
      const u = await alvo(req, ctx, { escrita: false });
      return comitentesDeUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
    }),
  );
  router.post(
    '/comitentes/usuario-comitente/:usuario',
    rota(async (req, res, ctx) => {
      const u = await alvo(req, ctx, { escrita: true });
      const comitentes = await vincularComitentes({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
      res.status(201);
      return comitentes;
    }),
  );
  router.delete(
    '/comitentes/usuario-comitente/:usuario/:comitente',
    rota(async (req, _res, ctx) => {
      const u = await alvo(req, ctx, { escrita: true });
      const comitenteId = idDaUrl('Comitente').parse(req.params.comitente);
      return desvincularComitente({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, comitenteId });
    }),
  );
}

const TAG = 'Comitentes';
const paramsUsuario = z.object({ usuario: usuarioDaUrl });
export const docComitentes: DocRota[] = [
  {
    metodo: 'get',
    caminho: '/comitentes/listar-comitentes',
    resumo: 'Comitentes: todos (ADM/SAC) ou os do usuário de comitente',
    tag: TAG,
    acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente',
  },
  {
    metodo: 'get',
    caminho: '/comitentes/usuario-comitente/:usuario',
    resumo: 'Comitentes vinculados a um usuário (uid ou id)',
    tag: TAG,
    acesso: 'o próprio usuário, ou Interno - ADM',
    params: paramsUsuario,
  },
  {
    metodo: 'post',
    caminho: '/comitentes/usuario-comitente/:usuario',
    resumo: 'Vincular comitentes a um usuário',
    tag: TAG,
    acesso: 'Interno - ADM',
    params: paramsUsuario,
    corpo: vincularSchema,
    status: 201,
  },
  {
    metodo: 'delete',
    caminho: '/comitentes/usuario-comitente/:usuario/:comitente',
    resumo: 'Desvincular um comitente de um usuário',
    tag: TAG,
    acesso: 'Interno - ADM',
    params: z.object({ usuario: usuarioDaUrl, comitente: idDaUrl('Comitente') }),
    resposta: mensagemSchema,
  },
];
