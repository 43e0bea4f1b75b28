import { z } from 'zod';
import { ACESSOS } from '~/modules/dominio/acessos';
import { MENSAGENS_ACESSO } from '~/modules/dominio/papeis';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import {
  definirGruposDoCliente,
  gruposDoCliente,
  gruposDoClienteSchema,
  listarGruposCliente,
} from '~/modules/identidade/grupos-cliente.server';
import { ErroHttp } from '~/utils/errors';
import type { RotaApi } from './rota.server';
import { uuid } from './esquemas';

/**
 * Client groups (spec 001 §7, the four group calls; decision 269). Staff with the roles of
 * `/admin/grupos-cliente` list the brand's groups and set a client's; a client reads only their own groups.
 */
const EQUIPE = ACESSOS['/admin/grupos-cliente'] as readonly string[];
const TAG = 'Grupos de clientes';
const pUid = z.object({ uid: z.uuid({ error: 'uid inválido' }) });

const grupoSchema = z
  .object({
    uid: uuid,
    nome: z.string(),
    descricao: z.string().nullable(),
    quantidadeClientes: z.number().int(),
    quantidadeLotes: z.number().int().meta({ description: 'Lotes cujos lances são só dos clientes do grupo' }),
  })
  .meta({ id: 'GrupoCliente' });
const grupoDoClienteSchema = grupoSchema.extend({ membro: z.boolean() }).meta({ id: 'GrupoDoCliente' });

export function rotasGruposCliente(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/cliente/grupos-cliente',
      resumo: 'Os grupos de clientes da marca',
      tag: TAG,
      acesso: EQUIPE.join(', '),
      resposta: z.array(grupoSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE);
        return listarGruposCliente({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/grupos-possiveis-para-cliente/:uid',
      resumo: 'Todos os grupos da marca, marcados os do cliente (uid da conta ou do cadastro)',
      tag: TAG,
      acesso: EQUIPE.join(', '),
      params: pUid,
      resposta: z.array(grupoDoClienteSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE);
        const { uid } = pUid.parse(req.params);
        return gruposDoCliente({ db: ctx.db, hotsiteId: ctx.marca.id, clienteUid: uid, todos: true });
      },
    },
    {
      metodo: 'post',
      caminho: '/cliente/grupos-clientes/:uid',
      resumo: 'Define os grupos do cliente (a lista completa; vazia tira o cliente de todos)',
      tag: TAG,
      acesso: EQUIPE.join(', '),
      params: pUid,
      corpo: gruposDoClienteSchema,
      resposta: z.array(grupoDoClienteSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE);
        const { uid } = pUid.parse(req.params);
        await definirGruposDoCliente({ db: ctx.db, hotsiteId: ctx.marca.id, clienteUid: uid, entrada: req.body });
        return gruposDoCliente({ db: ctx.db, hotsiteId: ctx.marca.id, clienteUid: uid, todos: false });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/grupos-do-cliente/:uid',
      resumo: 'Os grupos de um cliente (o cliente logado lê só os seus)',
      tag: TAG,
      acesso: `${EQUIPE.join(', ')}; o próprio cliente logado`,
      params: pUid,
      resposta: z.array(grupoDoClienteSchema),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx);
        const equipe = u.papeis.some((p) => EQUIPE.includes(p));
        // Staff without the clients' roles are refused; a client of this brand reads only their own groups.
        if (!equipe && (u.interno || u.hotsiteId !== ctx.marca.id)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(EQUIPE));
        const { uid } = pUid.parse(req.params);
        return gruposDoCliente({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          clienteUid: uid,
          todos: false,
          ...(equipe ? {} : { somenteDe: u.id }),
        });
      },
    },
  ];
}
