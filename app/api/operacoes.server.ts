import { z } from 'zod';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { liberarRecadastramento2fa, listarBloqueados2fa } from '~/modules/identidade/usuarios.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { ErroHttp } from '~/utils/errors';
import type { RotaApi } from './rota.server';

const TAG = 'Usuários';
/** The 2FA-unblock role (000 §6): the blocked-users list and its restore. */
const PAPEIS_2FA = ACESSOS['/admin/usuario-bloqueio'] as readonly string[];
const ACESSO = PAPEIS_2FA.join(', ');

const bloqueadoSchema = z
  .object({ uid: z.string(), nome: z.string(), email: z.string(), hotsiteId: z.number().int().nullable(), bloqueadoDesde: z.string() })
  .meta({ id: 'UsuarioBloqueado2fa' });

/**
 * The spec's `GET /v1/usuario/restaurar/{id}` (001 §7) and the blocked-users list behind it. A GET that
 * changes state: it takes only a bearer token, never the site's cookie, so a link on another site cannot
 * restore anyone through a logged-in browser (decision 194).
 */
export function rotasOperacoes(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/usuario/bloqueados',
      resumo: 'Usuários com o 2FA bloqueado (por tentativas erradas) visíveis nesta marca',
      tag: TAG,
      acesso: ACESSO,
      resposta: z.array(bloqueadoSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, PAPEIS_2FA);
        const lista = await listarBloqueados2fa({ db: ctx.db, hotsiteId: ctx.marca.id });
        return lista.map((u) => ({
          uid: u.uid,
          nome: u.nome,
          email: u.email,
          hotsiteId: u.hotsiteId,
          bloqueadoDesde: u.updatedAt.toISOString(),
        }));
      },
    },
    {
      metodo: 'get',
      caminho: '/usuario/restaurar/:id',
      resumo: 'Libera o recadastramento do 2FA de um usuário bloqueado (id = uid do usuário); só com token Bearer',
      tag: TAG,
      acesso: ACESSO,
      params: z.object({ id: z.uuid('Usuário não encontrado') }),
      resposta: z.object({ mensagem: z.string() }),
      handler: async (req, _res, ctx) => {
        if (!req.get('authorization')?.startsWith('Bearer '))
          throw new ErroHttp(401, 'Use o token de acesso (Authorization: Bearer) nesta chamada');
        await exigirPapelApi(req, ctx, PAPEIS_2FA);
        const id = z.uuid('Usuário não encontrado').safeParse(req.params.id);
        if (!id.success) throw new ErroHttp(404, 'Usuário não encontrado');
        return liberarRecadastramento2fa({ db: ctx.db, hotsiteId: ctx.marca.id, uid: id.data });
      },
    },
  ];
}
