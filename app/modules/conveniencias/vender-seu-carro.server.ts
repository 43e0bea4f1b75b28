import { z } from 'zod';
import { pedidoVendaVeiculo } from '@db/schema';
import type { Db } from '@db/client.server';
import { UFS_SIGLAS } from '~/modules/dominio/ufs';
import { emailSchema, telefoneSchema } from '~/modules/identidade/validacao';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { quantidadeOpcionalSchema, quantidadeSchema, reaisSchema } from '~/utils/numeros';
import { formatarMoeda, formatarNumero } from '~/utils/format';

/** The "Vender seu carro" form (decision 226): what a person offering a vehicle must tell the brand. */
export const pedidoVendaSchema = z.object({
  nome: z.string({ error: 'Informe seu nome' }).trim().min(2, 'Informe seu nome').max(120, 'Nome muito longo'),
  email: emailSchema,
  telefone: telefoneSchema,
  marcaModelo: z
    .string({ error: 'Informe a marca e o modelo do veículo' })
    .trim()
    .min(2, 'Informe a marca e o modelo do veículo')
    .max(120, 'Marca e modelo muito longos'),
  anoModelo: quantidadeSchema({ rotulo: 'Ano do modelo', min: 1950, max: new Date().getFullYear() + 1 }),
  km: quantidadeOpcionalSchema({ rotulo: 'Km', min: 0, max: 9_999_999 }),
  valorPretendido: z.preprocess((v) => (v === '' || v == null ? null : v), reaisSchema({ max: 100_000_000_00 }).nullable()),
  cidade: z.string({ error: 'Informe a cidade' }).trim().min(2, 'Informe a cidade').max(80, 'Cidade muito longa'),
  uf: z
    .string({ error: 'Escolha o estado' })
    .trim()
    .toUpperCase()
    .refine((u) => UFS_SIGLAS.has(u), 'Escolha o estado'),
  observacao: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(2000, 'Observação muito longa (até 2.000 caracteres)').nullable().optional(),
  ),
});

/**
 * Keeps the offer for the brand's staff and, when the brand has a contact e-mail, queues it there in the
 * same transaction (the outbox sends it after commit). The e-mail carries what the person typed, nothing else.
 */
export async function registrarPedidoDeVenda({
  db,
  hotsiteId,
  emailDaMarca,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  emailDaMarca: string | null;
  entrada: z.infer<typeof pedidoVendaSchema>;
}) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(pedidoVendaVeiculo)
      .values({ hotsiteId, ...entrada, km: entrada.km ?? null, observacao: entrada.observacao ?? null })
      .returning({ id: pedidoVendaVeiculo.id });
    if (emailDaMarca) {
      const linhas = [
        `Nome: ${entrada.nome}`,
        `E-mail: ${entrada.email}`,
        `Telefone: ${entrada.telefone}`,
        `Veículo: ${entrada.marcaModelo}, ano ${entrada.anoModelo}`,
        `Km: ${entrada.km == null ? 'não informado' : formatarNumero(entrada.km)}`,
        `Valor pretendido: ${entrada.valorPretendido == null ? 'não informado' : formatarMoeda(entrada.valorPretendido)}`,
        `Local: ${entrada.cidade}/${entrada.uf}`,
        entrada.observacao ? `Observação: ${entrada.observacao}` : null,
      ].filter(Boolean);
      await enfileirarEmail({
        db: tx,
        hotsiteId,
        para: emailDaMarca,
        assunto: `Vender seu carro: ${entrada.marcaModelo} (pedido ${p.id})`,
        texto: linhas.join('\n'),
      });
    }
    return p;
  });
}
