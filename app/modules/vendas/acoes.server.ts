import { fileType } from '~/utils/bibliotecas.server';
import { contagemDaMarca } from '~/utils/i18n';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { FORMAS_PAGAMENTO, METODOS_ENTREGA } from '@db/schema/vendas';
import type { Hub } from '~/realtime/hub.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { ErroHttp } from '~/utils/errors';
import { centavosSchema, dataSchema, textoLivre } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { publicarVenda, recalcularVenda, registrarEvento, type VendaTocada } from './vendas.server';
import {
  conferirHorario,
  conferirPatioDaVenda,
  enderecoDoPatio,
  freteDeDocumento,
  registrarRetiradaAgendada,
  ufDoCliente,
} from './entrega.server';
import { oferecerAoSegundoColocado } from './segundo-colocado.server';
import { estadiaNaEntrega } from './regras';

/*
 * What clients and staff do to a sale. Each use case runs in one transaction that locks the sale row,
 * recomputes its money and situation (recalcularVenda), writes the timeline and queues the buyer's
 * e-mail (outbox); the realtime `on-venda-dto` is published only after the commit.
 */
type Linha = Record<string, unknown>;

export const COMPROVANTE_MAX_BYTES = 5_000_000;
export const TIPOS_COMPROVANTE = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MENSAGENS_VENDA = {
  naoEncontrada: 'Venda não encontrada',
  comprovanteNaoEncontrado: 'Comprovante não encontrado',
  arquivoVazio: 'Selecione o arquivo do comprovante',
  arquivoGrande: 'Arquivo muito grande. O limite é 5 MB',
  arquivoTipo: 'Tipo de arquivo não aceito. Envie PDF, JPG ou PNG',
  naoAceitaComprovante: 'Esta venda não aceita comprovantes agora',
  comprovanteEnviado: 'Comprovante enviado. Aguarde a validação.',
  jaRespondido: 'Este comprovante já foi respondido',
  motivoObrigatorio: 'Informe o motivo da divergência',
  valorInvalido: 'Informe um valor válido',
  salvo: 'Salvo com sucesso',
  vendaEncerrada: 'Esta venda está encerrada',
  patioObrigatorio: 'Escolha o pátio da retirada',
  horarioInvalido: 'Escolha um dos horários oferecidos para a retirada',
  naoPaga: 'A retirada pode ser agendada depois da confirmação do pagamento',
  estadiaCobrada: 'Estadia no pátio cobrada',
} as const;

async function travarVenda(tx: Tx, hotsiteId: number, vendaId: number, usuarioId?: number) {
  const [v] = linhas<Linha>(
    await tx.execute(sql`
      SELECT v.id, v.situacao, v.usuario_id, v.situacao_entrega, u.email, u.nome FROM venda v JOIN usuario u ON u.id = v.usuario_id
       WHERE v.id = ${vendaId} AND v.hotsite_id = ${hotsiteId} ${usuarioId != null ? sql`AND v.usuario_id = ${usuarioId}` : sql``}
         FOR UPDATE OF v`),
  );
  if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
  return {
    id: Number(v.id),
    situacao: String(v.situacao),
    usuarioId: Number(v.usuario_id),
    email: String(v.email),
    nome: String(v.nome),
    entrega: String(v.situacao_entrega),
  };
}

async function avisarComprador(
  tx: Tx,
  {
    hotsiteId,
    v,
    assunto,
    texto,
    urlBase,
  }: { hotsiteId: number; v: { id: number; email: string; nome: string }; assunto: string; texto: string; urlBase: string },
) {
  await enfileirarEmail({
    db: tx,
    hotsiteId,
    para: v.email,
    assunto,
    texto: `Olá, ${v.nome}.\n\n${texto}\n\nAcompanhe em ${urlBase}/cliente/compras/${v.id}`,
  });
}

/** The client sends a transfer proof: PDF, JPEG or PNG up to 5 MB, the type read from the bytes. */
export async function enviarComprovante({
  db,
  hub,
  hotsiteId,
  usuarioId,
  vendaId,
  arquivo,
  valor,
  autor,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  vendaId: number;
  arquivo: { nome: string; bytes: Uint8Array } | null;
  /** Declared amount in centavos; absent means what remains to be paid. */
  valor?: unknown;
  autor: string;
}) {
  if (!arquivo || arquivo.bytes.byteLength === 0) throw new ErroHttp(400, MENSAGENS_VENDA.arquivoVazio);
  if (arquivo.bytes.byteLength > COMPROVANTE_MAX_BYTES) throw new ErroHttp(413, MENSAGENS_VENDA.arquivoGrande);
  const tipo = (await (await fileType()).fileTypeFromBuffer(arquivo.bytes))?.mime;
  if (!tipo || !(TIPOS_COMPROVANTE as readonly string[]).includes(tipo)) throw new ErroHttp(415, MENSAGENS_VENDA.arquivoTipo);
  const declarado = valor == null || valor === '' ? null : centavosSchema(MENSAGENS_VENDA.valorInvalido).safeParse(valor);
  if (declarado && !declarado.success) throw new ErroHttp(400, MENSAGENS_VENDA.valorInvalido);
  const tocada = await db.transaction(async (tx) => {
    const v = await travarVenda(tx, hotsiteId, vendaId, usuarioId);
    if (v.situacao !== 'AguardandoPagamento' && v.situacao !== 'AguardandoValidacao')
      throw new ErroHttp(409, MENSAGENS_VENDA.naoAceitaComprovante);
    const { totais } = await recalcularVenda(tx, hotsiteId, vendaId);
    const quanto = declarado?.data ?? Math.max(1, totais.restante);
    const [p] = linhas<Linha>(
      await tx.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, registrado_por)
                            VALUES (${hotsiteId}, ${vendaId}, 'DEPOSITO', ${quanto}, 'aguardandoValidacao', ${autor}) RETURNING id`),
    );
    await tx.execute(sql`INSERT INTO comprovante (hotsite_id, venda_id, pagamento_id, nome_arquivo, tipo, tamanho, arquivo, situacao, enviado_por)
                          VALUES (${hotsiteId}, ${vendaId}, ${Number(p.id)}, ${arquivo.nome.slice(0, 200) || 'comprovante'}, ${tipo},
                                  ${arquivo.bytes.byteLength}, ${Buffer.from(arquivo.bytes)}, 'AG_COMPENSACAO', ${autor})`);
    await registrarEvento(tx, { hotsiteId, vendaId, texto: `Comprovante enviado (${formatarMoeda(quanto)})`, autor });
    await recalcularVenda(tx, hotsiteId, vendaId);
    return { hotsiteId, usuarioId, vendaId } satisfies VendaTocada;
  });
  publicarVenda(hub, tocada, 'comprovante-enviado');
  return { mensagem: MENSAGENS_VENDA.comprovanteEnviado };
}

export const respostaComprovanteSchema = z.discriminatedUnion(
  'resultado',
  [
    z.object({ resultado: z.literal('aprovado'), comprovanteUid: z.uuid(MENSAGENS_VENDA.comprovanteNaoEncontrado) }),
    z.object({
      resultado: z.literal('divergente'),
      comprovanteUid: z.uuid(MENSAGENS_VENDA.comprovanteNaoEncontrado),
      motivo: textoLivre(500).pipe(z.string().min(3, MENSAGENS_VENDA.motivoObrigatorio)),
    }),
  ],
  { error: 'Resultado deve ser aprovado ou divergente' },
);

/** Staff answer a proof: approved (its payment counts) or divergent with the reason. */
export async function responderComprovante({
  db,
  hub,
  hotsiteId,
  vendaId,
  entrada,
  autor,
  urlBase,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = respostaComprovanteSchema.parse(entrada);
  const tocada = await db.transaction(async (tx) => {
    const v = await travarVenda(tx, hotsiteId, vendaId);
    const [c] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, pagamento_id, situacao FROM comprovante WHERE uid = ${e.comprovanteUid} AND venda_id = ${vendaId} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
      ),
    );
    if (!c) throw new ErroHttp(404, MENSAGENS_VENDA.comprovanteNaoEncontrado);
    if (c.situacao !== 'AG_COMPENSACAO') throw new ErroHttp(409, MENSAGENS_VENDA.jaRespondido);
    const motivo = e.resultado === 'divergente' ? e.motivo : null;
    await tx.execute(sql`UPDATE comprovante SET situacao = ${e.resultado === 'aprovado' ? 'PAGO' : 'DIVERGENTE'}, motivo = ${motivo},
                          respondido_por = ${autor}, respondido_at = now(), updated_at = now() WHERE id = ${Number(c.id)}`);
    if (c.pagamento_id != null) {
      await tx.execute(sql`UPDATE pagamento SET situacao = ${e.resultado}, motivo = ${motivo}, respondido_por = ${autor}, respondido_at = now(),
                            data_pagamento = CASE WHEN ${e.resultado} = 'aprovado' THEN now() ELSE NULL END, updated_at = now()
                            WHERE id = ${Number(c.pagamento_id)}`);
    }
    const texto = e.resultado === 'aprovado' ? 'Comprovante aprovado' : `Comprovante divergente: ${motivo}`;
    await registrarEvento(tx, { hotsiteId, vendaId, texto, autor });
    const { situacao } = await recalcularVenda(tx, hotsiteId, vendaId);
    await avisarComprador(tx, {
      hotsiteId,
      v,
      urlBase,
      assunto: e.resultado === 'aprovado' ? `Comprovante aprovado — venda ${vendaId}` : `Comprovante divergente — venda ${vendaId}`,
      texto:
        e.resultado === 'aprovado'
          ? `Seu comprovante foi aprovado.${situacao === 'Fechada' ? ' Pagamento confirmado: agende a retirada.' : ''}`
          : `Encontramos uma divergência no seu comprovante: ${motivo}. Analise e envie novamente.`,
    });
    return { hotsiteId, usuarioId: v.usuarioId, vendaId } satisfies VendaTocada;
  });
  publicarVenda(hub, tocada, e.resultado === 'aprovado' ? 'comprovante-aprovado' : 'comprovante-divergente');
  return { mensagem: MENSAGENS_VENDA.salvo };
}

export const pagamentoSchema = z.object({
  tipo: z.enum(FORMAS_PAGAMENTO, 'Forma de pagamento inválida'),
  valor: centavosSchema(MENSAGENS_VENDA.valorInvalido),
});

/** Staff register a payment received by one of the spec's methods (counted as approved). */
export async function registrarPagamento(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = pagamentoSchema.parse(args.entrada);
  return alterarVenda(args, async (tx, v) => {
    if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_VENDA.vendaEncerrada);
    await tx.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, registrado_por, respondido_por, respondido_at, data_pagamento)
                          VALUES (${args.hotsiteId}, ${v.id}, ${e.tipo}, ${e.valor}, 'aprovado', ${args.autor}, ${args.autor}, now(), now())`);
    return {
      evento: `Pagamento registrado: ${formatarMoeda(e.valor)}`,
      email: `Registramos um pagamento de ${formatarMoeda(e.valor)} na sua compra.`,
    };
  });
}

export const descontoSchema = z.object({
  valor: z.preprocess((v) => (v === '' ? 0 : v), z.union([z.literal(0), centavosSchema(MENSAGENS_VENDA.valorInvalido)])),
});

export async function darDesconto(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = descontoSchema.parse(args.entrada);
  return alterarVenda(args, async (tx, v) => {
    if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_VENDA.vendaEncerrada);
    await tx.execute(sql`UPDATE venda SET valor_desconto = ${e.valor} WHERE id = ${v.id}`);
    return { evento: `Desconto de ${formatarMoeda(e.valor)}`, email: `Sua compra recebeu um desconto de ${formatarMoeda(e.valor)}.` };
  });
}

export const cancelarSchema = z.object({
  motivo: textoLivre(500).pipe(z.string().min(3, 'Informe o motivo')),
  desistencia: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).default(false),
});

/** Cancels the sale (or records that the client gave up); its lots leave AG_PAGAMENTO accordingly. */
export async function cancelarVenda(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = cancelarSchema.parse(args.entrada);
  return alterarVenda(args, async (tx, v) => {
    if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_VENDA.vendaEncerrada);
    const situacao = e.desistencia ? 'ClienteDesistiu' : 'Cancelada';
    await tx.execute(
      sql`UPDATE venda SET situacao = ${situacao}, motivo_cancelada = ${e.motivo}, cancelada_at = now(), cancelada_por = ${args.autor} WHERE id = ${v.id}`,
    );
    let oferecidas = 0;
    if (e.desistencia) {
      await tx.execute(sql`UPDATE lote SET situacao = 'CLIENTE_DESISTIU', updated_at = now()
                            WHERE hotsite_id = ${args.hotsiteId} AND id IN (SELECT lote_id FROM venda_item WHERE venda_id = ${v.id} AND ativo)`);
      oferecidas = await oferecerAoSegundoColocado(tx, {
        hotsiteId: args.hotsiteId,
        vendaId: v.id,
        desistenteId: v.usuarioId,
        urlBase: args.urlBase,
      });
    }
    return {
      evento: `${e.desistencia ? 'Cliente desistiu' : 'Venda cancelada'}: ${e.motivo}`,
      email:
        `Sua compra foi ${e.desistencia ? 'encerrada por desistência' : 'cancelada'}. Motivo: ${e.motivo}.` +
        (oferecidas > 0 ? ' O lote foi oferecido ao segundo colocado.' : ''),
    };
  });
}

export const entregaSchema = z.object({
  entrega: z.enum(['entregue', 'nao_compareceu', 'agendamento_cancelado'], 'Situação de entrega inválida'),
});
const ROTULO_ENTREGA = { entregue: 'Entregue', nao_compareceu: 'Não compareceu', agendamento_cancelado: 'Agendamento cancelado' } as const;

export async function marcarEntrega(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = entregaSchema.parse(args.entrada);
  return alterarVenda(args, async (tx, v) => {
    if (v.situacao !== 'Fechada') throw new ErroHttp(409, MENSAGENS_VENDA.naoPaga);
    // Delivering charges the yard stay first (decision 080): a fee beyond what was charged reopens the sale.
    if (e.entrega === 'entregue' && v.entrega !== 'entregue') {
      const cobrada = await cobrarEstadia(tx, args.hotsiteId, v.id);
      if (cobrada) return cobrada;
    }
    await tx.execute(
      sql`UPDATE venda SET situacao_entrega = ${e.entrega}, agendado_horario = CASE WHEN ${e.entrega} = 'entregue' THEN agendado_horario ELSE NULL END WHERE id = ${v.id}`,
    );
    // The stay's pickup service follows: done when delivered, cancelled otherwise.
    await tx.execute(sql`UPDATE estadia_servico SET situacao = ${e.entrega === 'entregue' ? 'REALIZADO' : 'CANCELADO'}, updated_at = now(),
                          cancelado_por = CASE WHEN ${e.entrega} = 'entregue' THEN NULL ELSE ${args.autor} END
                          WHERE hotsite_id = ${args.hotsiteId} AND venda_id = ${v.id} AND tipo = 'Retirada' AND situacao IN ('SOLICITADO', 'AGENDADO')`);
    return { evento: ROTULO_ENTREGA[e.entrega], email: `Retirada: ${ROTULO_ENTREGA[e.entrega].toLowerCase()}.` };
  });
}

/**
 * The storage fee a delivery today would charge (pure `estadiaNaEntrega`) and what the sale already
 * charges; /admin/compras shows it beside "Marcar entregue".
 */
export async function estadiaDevida({ db, hotsiteId, vendaId }: { db: Db | Tx; hotsiteId: number; vendaId: number }) {
  const [f] = linhas<Linha>(
    await db.execute(sql`
      SELECT v.valor_estadia, coalesce(p.valor_diaria, 0) AS valor_diaria, p.nome AS patio,
             to_char((v.data_pagamento AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS dia_pagamento,
             to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS hoje
        FROM venda v LEFT JOIN patio p ON p.id = v.patio_id AND p.hotsite_id = v.hotsite_id
       WHERE v.id = ${vendaId} AND v.hotsite_id = ${hotsiteId}`),
  );
  if (!f) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
  return {
    estadia: estadiaNaEntrega({ diaPagamento: String(f.dia_pagamento), diaEntrega: String(f.hoje), valorDiaria: Number(f.valor_diaria) }),
    cobrada: Number(f.valor_estadia),
    patio: (f.patio as string | null) ?? null,
  };
}

/**
 * The storage fee owed at delivery (pure `estadiaNaEntrega` over the sale's payment date, today in São
 * Paulo and its yard's daily rate). When it exceeds what the sale already charges, the sale takes the new
 * fee (recalcularVenda then moves a paid sale back to Aguardando Pagamento) and the delivery waits; null
 * when nothing more is owed.
 */
async function cobrarEstadia(tx: Tx, hotsiteId: number, vendaId: number) {
  const { estadia, cobrada, patio } = await estadiaDevida({ db: tx, hotsiteId, vendaId });
  if (estadia.valor <= cobrada) return null;
  await tx.execute(sql`UPDATE venda SET valor_estadia = ${estadia.valor}, diarias_estadia = ${estadia.diarias}, updated_at = now()
                        WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId}`);
  const diarias = `${estadia.diarias} ${estadia.diarias === 1 ? 'diária' : 'diárias'}`;
  const valor = formatarMoeda(estadia.valor);
  return {
    evento: `Estadia no pátio cobrada na entrega: ${diarias} (${valor}); a entrega aguarda o pagamento`,
    email:
      `Na retirada foi cobrada a estadia do bem no pátio${patio ? ` ${patio}` : ''}: ${diarias} (${valor}). ` +
      'Pague o restante e envie o comprovante para retirar o bem.',
    mensagem: `${MENSAGENS_VENDA.estadiaCobrada}: ${diarias} (${valor}). A venda voltou a Aguardando Pagamento e não foi marcada como entregue.`,
  };
}

export const metodoEntregaSchema = z
  .object({
    metodo: z.enum(METODOS_ENTREGA, 'Método deve ser Sedex, Carta Registrada ou Retirada'),
    valor: z.preprocess(
      (v) => (v === '' || v == null ? 0 : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v),
      z
        .number({ error: 'Valor deve ser numérico' })
        .int('Valor deve ser numérico')
        .min(0, 'Valor deve ser numérico')
        .max(10_000_000_00, 'Valor deve ser numérico'),
    ),
    patUid: z
      .uuid('Pátio inválido')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    agendadoHorario: dataSchema({ mensagem: MENSAGENS_VENDA.horarioInvalido })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((e) => e.metodo !== 'Retirada' || e.patUid, { message: MENSAGENS_VENDA.patioObrigatorio, path: ['patUid'] });

/**
 * The buyer chooses how to receive: pickup at a yard (a slot within its hours) or shipping (Sedex or
 * Carta Registrada, the freight value added to the sale). PUT .../alterar-metodo-entrega/pos-venda/{id}.
 */
export async function alterarMetodoEntrega(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  usuarioId: number;
  entrada: unknown;
  autor: string;
  urlBase: string;
}) {
  const e = metodoEntregaSchema.parse(args.entrada);
  return alterarVenda(
    args,
    async (tx, v) => {
      if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_VENDA.vendaEncerrada);
      if (e.metodo === 'Retirada') {
        const [p] = linhas<Linha>(
          await tx.execute(
            sql`SELECT id, nome, cidade, estado_uf, endereco FROM patio WHERE uid = ${e.patUid!} AND hotsite_id = ${args.hotsiteId} AND ativo`,
          ),
        );
        if (!p) throw new ErroHttp(400, MENSAGENS_VENDA.patioObrigatorio);
        await conferirPatioDaVenda(tx, args.hotsiteId, v.id, Number(p.id));
        // Documents taken at the yard already booked: the booking stands.
        const [atual] = linhas<Linha>(await tx.execute(sql`SELECT patio_id, agendado_horario FROM venda WHERE id = ${v.id}`));
        if (!e.agendadoHorario && atual?.agendado_horario != null && Number(atual.patio_id) === Number(p.id)) {
          await tx.execute(sql`UPDATE venda SET metodo_entrega = 'Retirada', valor_sedex = 0 WHERE id = ${v.id}`);
          return { evento: `Documentos: retirada no pátio ${String(p.nome)}`, email: null };
        }
        if (e.agendadoHorario) {
          if (v.situacao !== 'Fechada') throw new ErroHttp(409, MENSAGENS_VENDA.naoPaga);
          await conferirHorario(tx, args.hotsiteId, Number(p.id), e.agendadoHorario);
        }
        await registrarRetiradaAgendada(tx, {
          hotsiteId: args.hotsiteId,
          vendaId: v.id,
          usuarioId: v.usuarioId,
          patioId: Number(p.id),
          horario: e.agendadoHorario ?? null,
          autor: args.autor,
        });
        await tx.execute(sql`UPDATE venda SET metodo_entrega = 'Retirada', patio_id = ${Number(p.id)}, valor_sedex = 0,
                            agendado_horario = ${e.agendadoHorario?.toISOString() ?? null},
                            situacao_entrega = CASE WHEN ${e.agendadoHorario ? 'sim' : 'nao'} = 'sim' THEN 'aguardando_retirada' ELSE situacao_entrega END
                            WHERE id = ${v.id}`);
        const quando = e.agendadoHorario ? ` em ${formatarDataHora(e.agendadoHorario.toISOString())}` : '';
        return {
          evento: `Retirada no pátio ${p.nome}${quando}`,
          email: e.agendadoHorario
            ? `Retirada agendada no pátio ${p.nome}${quando}.\nEndereço: ${enderecoDoPatio({ endereco: p.endereco, cidade: String(p.cidade), estadoUf: String(p.estado_uf) })}.\nLeve o extrato impresso.`
            : null,
        };
      }
      // Documents by Sedex / Carta Registrada: priced by the brand's table for the client's UF (decision 072).
      const f = await freteDeDocumento(tx, args.hotsiteId, e.metodo, await ufDoCliente(tx, args.hotsiteId, v.usuarioId));
      if (e.valor !== f.valor) throw new ErroHttp(409, `O valor do envio é ${formatarMoeda(f.valor)}; atualize a página e tente de novo`);
      await tx.execute(
        sql`UPDATE venda SET metodo_entrega = ${e.metodo}, valor_sedex = ${f.valor}, agendado_horario = NULL WHERE id = ${v.id}`,
      );
      await registrarRetiradaAgendada(tx, {
        hotsiteId: args.hotsiteId,
        vendaId: v.id,
        usuarioId: v.usuarioId,
        patioId: 0,
        horario: null,
        autor: args.autor,
      });
      return {
        evento: `Envio dos documentos por ${e.metodo} (${formatarMoeda(f.valor)}, até ${contagemDaMarca('leilao', 'n_dias', f.prazoDias)})`,
        email: null,
      };
    },
    args.usuarioId,
  );
}

export const retiradaEquipeSchema = z.discriminatedUnion(
  'operacao',
  [
    z.object({
      operacao: z.literal('agendar'),
      patUid: z.uuid(MENSAGENS_VENDA.patioObrigatorio),
      agendadoHorario: dataSchema({ mensagem: MENSAGENS_VENDA.horarioInvalido }),
    }),
    z.object({ operacao: z.literal('cancelar') }),
  ],
  { error: 'Operação deve ser agendar ou cancelar' },
);

/**
 * Staff change a sale's pickup from /admin/lance-recebido/{uid} (decision 073): book or move it (same
 * yard hours and recess rules as the buyer) or cancel the booking. Audited in the same transaction.
 */
export async function alterarRetiradaPelaEquipe(args: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
  equipeId: number;
  urlBase: string;
}) {
  const e = retiradaEquipeSchema.parse(args.entrada);
  return alterarVenda(args, async (tx, v) => {
    if (v.situacao !== 'Fechada') throw new ErroHttp(409, MENSAGENS_VENDA.naoPaga);
    let evento: string;
    let endereco = '';
    if (e.operacao === 'cancelar') {
      await tx.execute(sql`UPDATE venda SET situacao_entrega = 'agendamento_cancelado', agendado_horario = NULL WHERE id = ${v.id}`);
      await registrarRetiradaAgendada(tx, {
        hotsiteId: args.hotsiteId,
        vendaId: v.id,
        usuarioId: v.usuarioId,
        patioId: 0,
        horario: null,
        autor: args.autor,
      });
      evento = 'Agendamento cancelado pela equipe';
    } else {
      const [p] = linhas<Linha>(
        await tx.execute(
          sql`SELECT id, nome, cidade, estado_uf, endereco FROM patio WHERE uid = ${e.patUid} AND hotsite_id = ${args.hotsiteId} AND ativo`,
        ),
      );
      if (!p) throw new ErroHttp(400, MENSAGENS_VENDA.patioObrigatorio);
      await conferirHorario(tx, args.hotsiteId, Number(p.id), e.agendadoHorario);
      await tx.execute(sql`UPDATE venda SET metodo_entrega = 'Retirada', patio_id = ${Number(p.id)}, agendado_horario = ${e.agendadoHorario.toISOString()},
                            situacao_entrega = 'aguardando_retirada' WHERE id = ${v.id}`);
      await registrarRetiradaAgendada(tx, {
        hotsiteId: args.hotsiteId,
        vendaId: v.id,
        usuarioId: v.usuarioId,
        patioId: Number(p.id),
        horario: e.agendadoHorario,
        autor: args.autor,
      });
      evento = `Retirada agendada pela equipe no pátio ${String(p.nome)} em ${formatarDataHora(e.agendadoHorario.toISOString())}`;
      endereco = `\nEndereço: ${enderecoDoPatio({ endereco: p.endereco, cidade: String(p.cidade), estadoUf: String(p.estado_uf) })}.`;
    }
    await registrarAlteracao(tx, {
      hotsiteId: args.hotsiteId,
      usuarioId: args.equipeId,
      entidade: 'venda',
      entidadeId: v.id,
      acao: 'alterou',
      detalhes: { retirada: e.operacao === 'agendar' ? { patUid: e.patUid, horario: e.agendadoHorario.toISOString() } : 'cancelada' },
    });
    return { evento, email: `${evento}.${endereco}` };
  });
}

/** One staff or client change to a sale: lock, change, recompute, timeline, e-mail; publish after commit. */
async function alterarVenda(
  {
    db,
    hub,
    hotsiteId,
    vendaId,
    autor,
    urlBase,
  }: { db: Db; hub?: Hub; hotsiteId: number; vendaId: number; autor: string; urlBase: string },
  mudar: (tx: Tx, v: Awaited<ReturnType<typeof travarVenda>>) => Promise<{ evento: string; email: string | null; mensagem?: string }>,
  usuarioId?: number,
) {
  let mensagem: string = MENSAGENS_VENDA.salvo;
  const tocada = await db.transaction(async (tx) => {
    const v = await travarVenda(tx, hotsiteId, vendaId, usuarioId);
    const { evento, email, mensagem: m } = await mudar(tx, v);
    if (m) mensagem = m;
    await registrarEvento(tx, { hotsiteId, vendaId, texto: evento, autor });
    await recalcularVenda(tx, hotsiteId, vendaId);
    if (email) await avisarComprador(tx, { hotsiteId, v, urlBase, assunto: `Sua compra ${vendaId} foi atualizada`, texto: email });
    return { hotsiteId, usuarioId: v.usuarioId, vendaId } satisfies VendaTocada;
  });
  publicarVenda(hub, tocada);
  return { mensagem };
}

export const idDaVenda = idSchema(MENSAGENS_VENDA.naoEncontrada);
