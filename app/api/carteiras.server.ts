import type { Response } from 'express';
import { z } from 'zod';
import { TIPOS_CARTEIRA } from '@db/schema/enums-catalogo';
import { unidadesAtivas } from '~/modules/backoffice/unidades-negocio.server';
import { filtroCarteirasSchema, listarCarteiras } from '~/modules/comitentes/carteiras.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import type { RotaApi } from './rota.server';

/**
 * Wallets and business units (spec 001 §7 `GET /v1/carteira`, `GET /{v}/veiculos/unidades-negocio`;
 * decision 066). Registered before the back office's `/veiculos/:uid`, which would take the path.
 */
const VEICULO = ACESSOS['/admin/veiculos'] as readonly string[];
/** Wallets: whoever reads sellers (ADM, SAC) or vehicles; a seller user only their own sellers' wallets. */
const CARTEIRA = [...new Set([P.ADM, P.SAC, ...VEICULO])];

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

const carteiraResposta = z.object({
  id: z.number().int(),
  prioridade: z.number().int(),
  tipo: z.enum(TIPOS_CARTEIRA),
  nome: z.string(),
  infoCompl: z.string().nullable(),
  status: z.enum(['ATIVA', 'INATIVA']),
  comId: z.number().int(),
  comitente: z.object({ id: z.number().int(), nomeSite: z.string() }),
  endereco: z.record(z.string(), z.string().nullable()).nullable(),
});
const unidadeResposta = z.object({
  id: z.number().int(),
  nome: z.string(),
  ativo: z.boolean(),
  prioridade: z.number().int(),
  uf: z.string().nullable(),
});

export function rotasCarteiras(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/carteira',
      resumo: 'Carteiras dos comitentes da marca (a menor prioridade primeiro), paginadas',
      tag: 'Comitentes',
      acesso: `${CARTEIRA.join(', ')} (Interno - Comitente: só as dos seus comitentes)`,
      query: filtroCarteirasSchema,
      resposta: z.array(carteiraResposta),
      cabecalhos: { count: 'Total de itens do filtro (a resposta traz uma página)' },
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, CARTEIRA);
        // Everyone but a seller-only user sees the brand's wallets.
        const todos = u.papeis.some((p) => p !== P.COMITENTE && CARTEIRA.includes(p));
        const comitentes = todos ? 'todos' : await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return lista(res, await listarCarteiras({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/veiculos/unidades-negocio',
      resumo: 'Unidades de negócio ativas da marca, por prioridade',
      tag: 'Veículos (back office)',
      acesso: VEICULO.join(', '),
      resposta: z.array(unidadeResposta),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, VEICULO);
        return unidadesAtivas({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
  ];
}
