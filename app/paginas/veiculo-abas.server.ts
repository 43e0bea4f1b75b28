import '~/utils/zod-pt-br';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { ID_MAXIMO } from '~/utils/id';
import { inteiroOpcional } from '~/modules/dominio/campos';
import type { AbaExtra } from '~/modules/backoffice/estoque-rotulos';
import { dadosDaAbaDoVeiculo, type VeiculoBase } from '~/modules/backoffice/veiculo-abas.server';
import { itensDoVeiculo, sincronizarItensDetran } from '~/modules/consultas/detran.server';
import { atualizarConsultasDoVeiculo, historicoDoVeiculo } from '~/modules/consultas/historico.server';
import type { Provedores } from '~/modules/consultas/provedores.server';
import { MENSAGEM_CONSULTA_INDISPONIVEL } from '~/modules/consultas/tipos';
import {
  criarRemocao as criarRemocaoDoModulo,
  mudarSituacaoRemocao as mudarSituacaoDoModulo,
  remocoesDoVeiculo,
} from '~/modules/remocoes/remocoes.server';
import { opcoesDeTransporte } from '~/modules/remocoes/cadastros.server';

/*
 * The vehicle screen's extra tabs, composed for the page: the back office's tabs
 * (app/modules/backoffice/veiculo-abas.server.ts) and the removals tab, which belongs to the removals
 * capability (app/modules/remocoes). Composition lives here, in the page layer, so the back office
 * never imports the removals that build on it.
 */

/** What one extra tab shows. */
export async function dadosDaAba({ db, hotsiteId, veiculo, aba }: { db: Db; hotsiteId: number; veiculo: VeiculoBase; aba: AbaExtra }) {
  if (aba === 'detran') {
    // Issue #31: the detran items of this vehicle and its checked history, from the checks capability.
    const [itensDetran, historico] = await Promise.all([
      itensDoVeiculo({ db, hotsiteId, veiculoId: veiculo.id }),
      historicoDoVeiculo({ db, hotsiteId, veiculoId: veiculo.id }),
    ]);
    return { aba, itensDetran, historico };
  }
  if (aba === 'remocoes') {
    // The request form picks its carrier and driver from the brand's registers (decisions 270 and 279).
    const [remocoes, transporte] = await Promise.all([
      remocoesDoVeiculo({ db, hotsiteId, veiculoId: veiculo.id }),
      opcoesDeTransporte({ db, hotsiteId }),
    ]);
    return { aba, remocoes, transporte, bloquearRemocao: veiculo.bloquearRemocao };
  }
  return dadosDaAbaDoVeiculo({ db, hotsiteId, veiculo, aba });
}

/** The detran tab's buttons: send this vehicle's items to the detran, or check its history now (decision 178). */
export async function acaoDaAbaDetran({
  db,
  hotsiteId,
  provedores,
  veiculo,
  acao,
}: {
  db: Db;
  hotsiteId: number;
  provedores: Provedores;
  veiculo: VeiculoBase;
  acao: 'detran-sincronizar' | 'consultas-atualizar';
}): Promise<string> {
  if (acao === 'detran-sincronizar') {
    const r = await sincronizarItensDetran({ db, hotsiteId, provedores, veiculoId: veiculo.id });
    if (r.indisponivel) return MENSAGEM_CONSULTA_INDISPONIVEL;
    return r.enviados === 0 ? 'Nenhum item a enviar ao Detran' : `Enviados ao Detran: ${r.aceitos} aceito(s), ${r.recusados} recusado(s)`;
  }
  const r = await atualizarConsultasDoVeiculo({ db, hotsiteId, veiculoId: veiculo.id, provedores });
  return r.tipo === 'consultado' ? `Consultas atualizadas (${r.fonte})` : MENSAGEM_CONSULTA_INDISPONIVEL;
}

/** Asks for a removal of this vehicle (the removal module's rules; decision 081). */
export async function criarRemocao({
  db,
  hotsiteId,
  usuarioId,
  veiculo,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  entrada: unknown;
}) {
  return criarRemocaoDoModulo({ db, hotsiteId, usuarioId, veiculoId: veiculo.id, entrada });
}

export const situacaoRemocaoDaAbaSchema = z.object({
  remocaoId: inteiroOpcional(1, ID_MAXIMO, 'Remoção inválida').pipe(z.number({ error: 'Remoção inválida' })),
});

/** Moves one of this vehicle's removals along its flow (the removal module's rules; decision 081). */
export async function mudarSituacaoRemocao({
  db,
  hub,
  hotsiteId,
  usuarioId,
  veiculo,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  entrada: unknown;
}) {
  const { remocaoId } = situacaoRemocaoDaAbaSchema.parse(entrada);
  await mudarSituacaoDoModulo({ db, hub, hotsiteId, usuarioId, remocao: { id: remocaoId, veiculoId: veiculo.id }, entrada });
}
