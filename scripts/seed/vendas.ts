import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { criarOuAtualizarVenda, recalcularVenda, registrarEvento } from '~/modules/vendas/vendas.server';
import { CONTAS_DAS_MARCAS } from './contas-das-marcas';

/*
 * Post-sale demo (issue #14): the brand's bank account (TED, boleto, PIX) and, for cliente1@h<ID>,
 * sales in several situations built from lots the catalogue seed already closed as sold: Fechada and
 * delivered, Fechada awaiting pickup, Cancelada, Aguardando Validação (a proof waiting) and Aguardando
 * Pagamento. Skipped when the brand already has sales.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b4f1f90000000049454e44ae426082',
  'hex',
);

type Destino = 'entregue' | 'fechada' | 'cancelada' | 'validacao' | 'pagamento';
const DESTINOS: Destino[] = ['entregue', 'fechada', 'cancelada', 'validacao', 'pagamento'];

export async function seedVendas(db: Db, hotsiteId: number): Promise<number> {
  const [ja] = linhas<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM venda WHERE hotsite_id = ${hotsiteId}`));
  if (ja.n > 0) return 0;
  // The brand's own account (the company its footer names); a brand outside the demo table gets none.
  const c = CONTAS_DAS_MARCAS[hotsiteId];
  if (c) {
    await db.execute(sql`
      INSERT INTO conta_bancaria (hotsite_id, banco, codigo_banco, agencia, conta, digito, titular, cpf_cnpj, chave_pix, carteira, permite_boleto)
      VALUES (${hotsiteId}, ${c.banco}, ${c.codigoBanco}, ${c.agencia}, ${c.conta}, ${c.digito}, ${c.titular}, ${c.cpfCnpj},
              ${c.chavePix}, ${c.carteira}, ${c.permiteBoleto})`);
  }
  const [cliente] = linhas<{ id: number; nome: string }>(
    await db.execute(
      sql`SELECT id, nome FROM usuario WHERE hotsite_id = ${hotsiteId} AND email = ${`cliente1@h${hotsiteId}.martelo.test`}`,
    ),
  );
  if (!cliente) return 0;
  const lotes = linhas<{ id: number; valor: number }>(
    await db.execute(sql`
      SELECT l.id, coalesce(l.ultimo_lance_valor, l.minimo) AS valor FROM lote l
        JOIN leilao le ON le.id = l.leilao_id AND le.situacao = 'EXECUTADO'
       WHERE l.hotsite_id = ${hotsiteId} AND l.situacao NOT IN ('REPASSE', 'LIBERADO_LEILAO', 'AO_VIVO', 'PENDENTE', 'CONDICIONAL')
         AND NOT EXISTS (SELECT 1 FROM venda_item i WHERE i.lote_id = l.id)
       ORDER BY (l.situacao IN ('AG_PAGAMENTO', 'PAGO', 'RETIRADO', 'BOLETO', 'PAGO_CARTAO', 'CLIENTE_DESISTIU')) DESC, l.id LIMIT ${DESTINOS.length}`),
  );
  const [patio] = linhas<{ id: number }>(
    await db.execute(sql`SELECT id FROM patio WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY id LIMIT 1`),
  );
  let n = 0;
  for (const [i, l] of lotes.entries()) {
    const destino = DESTINOS[i];
    await db.transaction(async (tx) => {
      const { vendaId } = await criarOuAtualizarVenda(tx, { hotsiteId, loteId: l.id, usuarioId: cliente.id, valor: Number(l.valor) });
      const [v] = linhas<{ total: number }>(await tx.execute(sql`SELECT total FROM venda WHERE id = ${vendaId}`));
      const total = Number(v.total);
      // The lot follows its sale (the catalogue seed drew its situation on its own).
      const situacaoLote = {
        entregue: 'RETIRADO',
        fechada: 'PAGO',
        cancelada: 'LOTE_CANCELADO',
        validacao: 'AG_PAGAMENTO',
        pagamento: 'AG_PAGAMENTO',
      }[destino];
      await tx.execute(sql`UPDATE lote SET situacao = ${situacaoLote} WHERE id = ${l.id}`);
      if (destino === 'entregue' || destino === 'fechada') {
        await tx.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, registrado_por, respondido_por, respondido_at, data_pagamento)
                              VALUES (${hotsiteId}, ${vendaId}, 'DEPOSITO', ${total}, 'aprovado', ${cliente.nome}, 'Acerto', now(), now())`);
        await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Comprovante aprovado', autor: 'Acerto' });
        await recalcularVenda(tx, hotsiteId, vendaId);
        if (patio) {
          await tx.execute(sql`UPDATE venda SET metodo_entrega = 'Retirada', patio_id = ${patio.id},
                                agendado_horario = date_trunc('day', now()) + interval '3 days 13 hours',
                                situacao_entrega = ${destino === 'entregue' ? 'entregue' : 'aguardando_retirada'} WHERE id = ${vendaId}`);
        }
        if (destino === 'entregue') await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Entregue', autor: 'Pátio' });
      } else if (destino === 'cancelada') {
        await tx.execute(
          sql`UPDATE venda SET situacao = 'Cancelada', motivo_cancelada = 'Pagamento não realizado no prazo', cancelada_at = now(), cancelada_por = 'Acerto' WHERE id = ${vendaId}`,
        );
        await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Venda cancelada: Pagamento não realizado no prazo', autor: 'Acerto' });
      } else if (destino === 'validacao') {
        const [p] = linhas<{ id: number }>(
          await tx.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, registrado_por)
                                VALUES (${hotsiteId}, ${vendaId}, 'DEPOSITO', ${total}, 'aguardandoValidacao', ${cliente.nome}) RETURNING id`),
        );
        await tx.execute(sql`INSERT INTO comprovante (hotsite_id, venda_id, pagamento_id, nome_arquivo, tipo, tamanho, arquivo, situacao, enviado_por)
                              VALUES (${hotsiteId}, ${vendaId}, ${p.id}, 'comprovante-ted.png', 'image/png', ${PNG.length}, ${PNG}, 'AG_COMPENSACAO', ${cliente.nome})`);
        await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Comprovante enviado', autor: cliente.nome });
        await recalcularVenda(tx, hotsiteId, vendaId);
      }
    });
    n++;
  }
  return n;
}
