import { sql } from 'drizzle-orm';
import { contagemDaMarca } from '~/utils/i18n';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { MODALIDADES_FRETE } from '@db/schema/entrega';
import type { Hub } from '~/realtime/hub.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { publicarVenda, recalcularVenda, registrarEvento, type VendaTocada } from './vendas.server';
import { feriadoNacional } from './feriados';
import { horariosDeRetirada, motivoHorarioInvalido, partesEmSaoPaulo, textoDoAtendimento, type Atendimento } from './regras';

/*
 * Delivery after the sale (decisions 072 and 125): the vehicle is picked up at its own yard (or one where
 * staff keep it), whose opening hours, recess days and the national holidays decide the slots; the brand's freight table (destination UF × vehicle category, and Sedex / Carta Registrada for
 * documents) prices shipping. The client's value must match the table's, so a stale page cannot save a
 * price the brand no longer charges.
 */
type Linha = Record<string, unknown>;

export const MENSAGENS_ENTREGA = {
  semEndereco: 'Cadastre seu endereço para calcular o frete',
  recesso: (d: string) => `O pátio está em recesso nesse dia (${d}); escolha outro dia`,
  feriado: (nome: string, d: string) => `O pátio não atende no feriado (${nome}, ${d}); escolha outro dia`,
  outroPatio: (nomes: string) => `Este veículo é retirado no pátio ${nomes}; escolha um horário desse pátio`,
  antecedencia: 'Escolha um horário a partir de 12 horas e até 60 dias à frente',
  foraDoAtendimento: (a: Atendimento) => `Escolha um horário dentro do atendimento do pátio (${textoDoAtendimento(a)})`,
  semFrete: (uf: string, modalidade: string) => `Não há frete de ${modalidade} para ${uf}; escolha a retirada no pátio`,
  valorDiferente: (v: number) => `O valor do frete é ${formatarMoeda(v)}; atualize a página e tente de novo`,
  patioInvalido: 'Escolha o pátio da retirada',
  vendaNaoEncontrada: 'Venda não encontrada',
  vendaEncerrada: 'Esta venda está encerrada',
  naoPaga: 'A retirada pode ser agendada depois da confirmação do pagamento',
} as const;

/** The yard's hours and its recess days from today on (the brand's yard only). */
export async function atendimentoDoPatio(db: Db | Tx, hotsiteId: number, patioId: number) {
  const [p] = linhas<Linha>(
    await db.execute(sql`SELECT id, uid, nome, hora_abertura, hora_fechamento, dias_atendimento FROM patio
                          WHERE id = ${patioId} AND hotsite_id = ${hotsiteId}`),
  );
  if (!p) return null;
  const recessos = linhas<{ dia: string; descricao: string }>(
    await db.execute(sql`SELECT to_char(dia, 'YYYY-MM-DD') AS dia, descricao FROM patio_recesso
                          WHERE hotsite_id = ${hotsiteId} AND patio_id = ${patioId} AND dia >= (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1
                          ORDER BY dia LIMIT 400`),
  );
  const atendimento: Atendimento = {
    horaAbertura: Number(p.hora_abertura),
    horaFechamento: Number(p.hora_fechamento),
    diasAtendimento: String(p.dias_atendimento),
  };
  return { id: Number(p.id), uid: String(p.uid), nome: String(p.nome), atendimento, recessos };
}

/** Throws the pt-BR 400 that says why a slot cannot be booked at that yard. */
export async function conferirHorario(tx: Tx, hotsiteId: number, patioId: number, horario: Date) {
  const a = await atendimentoDoPatio(tx, hotsiteId, patioId);
  if (!a) throw new ErroHttp(400, MENSAGENS_ENTREGA.patioInvalido);
  const motivo = motivoHorarioInvalido(horario, { atendimento: a.atendimento, recessos: a.recessos.map((r) => r.dia) });
  const dia = formatarDataHora(horario.toISOString()).slice(0, 10);
  if (motivo === 'recesso') throw new ErroHttp(400, MENSAGENS_ENTREGA.recesso(dia));
  if (motivo === 'feriado') throw new ErroHttp(400, MENSAGENS_ENTREGA.feriado(feriadoNacional(partesEmSaoPaulo(horario).dia) ?? '', dia));
  if (motivo === 'antecedencia') throw new ErroHttp(400, MENSAGENS_ENTREGA.antecedencia);
  if (motivo) throw new ErroHttp(400, MENSAGENS_ENTREGA.foraDoAtendimento(a.atendimento));
}

/** "Rua das Flores, 10 - Centro, Barueri/SP, CEP 06400-000" from a yard's stored address. */
export function enderecoDoPatio(p: { endereco: unknown; cidade: string; estadoUf: string }): string {
  const e = (p.endereco && typeof p.endereco === 'object' ? p.endereco : {}) as Record<string, unknown>;
  const txt = (k: string) => (typeof e[k] === 'string' && e[k] ? String(e[k]) : null);
  const rua = [[txt('logradouro'), txt('numero')].filter(Boolean).join(', '), txt('complemento')].filter(Boolean).join(' ');
  const local = [[rua, txt('bairro')].filter(Boolean).join(' - '), `${p.cidade}/${p.estadoUf}`].filter(Boolean).join(', ');
  return txt('cep') ? `${local}, CEP ${txt('cep')}` : local;
}

/**
 * Where a sale's vehicles can be picked up (decision 125): the yard each active item's vehicle belongs to
 * (the vehicle's, else its lot's, else its auction's) and any yard where staff keep it on an active stay
 * (staff moving a pickup opens one). Null when none is known: then any active yard of the brand.
 */
export async function patiosPermitidos(db: Db | Tx, hotsiteId: number, vendaId: number): Promise<Set<number> | null> {
  const ids = linhas<Linha>(
    await db.execute(sql`
      SELECT coalesce(ve.patio_id, l.patio_id, le.patio_id) AS patio_id
        FROM venda_item vi JOIN lote l ON l.id = vi.lote_id JOIN veiculo ve ON ve.id = l.veiculo_id
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
       WHERE vi.venda_id = ${vendaId} AND vi.hotsite_id = ${hotsiteId} AND vi.ativo
      UNION
      SELECT e.patio_id FROM estadia e JOIN lote l ON l.veiculo_id = e.veiculo_id JOIN venda_item vi ON vi.lote_id = l.id
       WHERE vi.venda_id = ${vendaId} AND vi.hotsite_id = ${hotsiteId} AND vi.ativo AND e.hotsite_id = ${hotsiteId} AND e.situacao = 'ATIVA'`),
  )
    .map((r) => (r.patio_id == null ? null : Number(r.patio_id)))
    .filter((x): x is number => x != null);
  return ids.length > 0 ? new Set(ids) : null;
}

/**
 * The yards a buyer may choose for the sale, each with its address, hours text, the recess days of the
 * next 60 days and the slots it offers (the next 10 days it serves; decision 125).
 */
export async function patiosDaRetirada({
  db,
  hotsiteId,
  vendaId,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  vendaId: number;
  agora?: Date;
}) {
  const permitidos = await patiosPermitidos(db, hotsiteId, vendaId);
  const rs = linhas<Linha>(
    await db.execute(sql`SELECT p.id, p.uid, p.nome, p.cidade, p.estado_uf, p.endereco, p.hora_abertura, p.hora_fechamento, p.dias_atendimento,
                                (SELECT coalesce(json_agg(to_char(r.dia, 'YYYY-MM-DD') ORDER BY r.dia), '[]') FROM patio_recesso r
                                  WHERE r.patio_id = p.id AND r.hotsite_id = p.hotsite_id AND r.dia >= (now() AT TIME ZONE 'America/Sao_Paulo')::date
                                    AND r.dia < (now() AT TIME ZONE 'America/Sao_Paulo')::date + 61) AS recessos
                           FROM patio p WHERE p.hotsite_id = ${hotsiteId} AND p.ativo
                            ${
                              permitidos
                                ? sql`AND p.id IN (${sql.join(
                                    [...permitidos].map((id) => sql`${id}`),
                                    sql`, `,
                                  )})`
                                : sql``
                            }
                          ORDER BY p.nome LIMIT 200`),
  );
  return rs.map((p) => {
    const atendimento: Atendimento = {
      horaAbertura: Number(p.hora_abertura),
      horaFechamento: Number(p.hora_fechamento),
      diasAtendimento: String(p.dias_atendimento),
    };
    const recessos = (typeof p.recessos === 'string' ? JSON.parse(p.recessos) : p.recessos) as string[];
    const cidade = String(p.cidade);
    const estadoUf = String(p.estado_uf);
    return {
      uid: String(p.uid),
      nome: String(p.nome),
      cidade,
      estadoUf,
      endereco: enderecoDoPatio({ endereco: p.endereco, cidade, estadoUf }),
      atendimento: textoDoAtendimento(atendimento),
      recessos,
      dias: horariosDeRetirada({ agora, atendimento, recessos }),
    };
  });
}

/** A buyer's pickup yard must be one the sale's vehicles can leave from (decision 125); else a pt-BR 400. */
export async function conferirPatioDaVenda(tx: Tx, hotsiteId: number, vendaId: number, patioId: number) {
  const permitidos = await patiosPermitidos(tx, hotsiteId, vendaId);
  if (!permitidos || permitidos.has(patioId)) return;
  const nomes = linhas<Linha>(
    await tx.execute(sql`SELECT nome, cidade, estado_uf FROM patio WHERE hotsite_id = ${hotsiteId}
                          AND id IN (${sql.join(
                            [...permitidos].map((id) => sql`${id}`),
                            sql`, `,
                          )}) ORDER BY nome`),
  ).map((p) => `${String(p.nome)} (${String(p.cidade)}/${String(p.estado_uf)})`);
  throw new ErroHttp(400, MENSAGENS_ENTREGA.outroPatio(nomes.join(' ou ')));
}

/** The client's state (UF) for freight: their registered address. */
export async function ufDoCliente(db: Db | Tx, hotsiteId: number, usuarioId: number): Promise<string | null> {
  const [e] = linhas<Linha>(
    await db.execute(sql`SELECT e.estado_sigla FROM endereco e JOIN cliente c ON c.id = e.cliente_id
                          WHERE c.usuario_id = ${usuarioId} AND c.hotsite_id = ${hotsiteId} LIMIT 1`),
  );
  return e?.estado_sigla ? String(e.estado_sigla).toUpperCase() : null;
}

export interface Frete {
  uf: string;
  valor: number;
  prazoDias: number;
}

/**
 * Freight of a sale's vehicles to the client's UF: one table entry per active item's vehicle category,
 * summed; the deadline is the longest. Throws 400 when the client has no address or a category has no entry.
 */
export async function freteDaVenda(db: Db | Tx, hotsiteId: number, vendaId: number, uf: string | null): Promise<Frete> {
  if (!uf) throw new ErroHttp(400, MENSAGENS_ENTREGA.semEndereco);
  const itens = linhas<Linha>(
    await db.execute(sql`
      SELECT vt.categoria, f.valor, f.prazo_dias
        FROM venda_item vi JOIN lote l ON l.id = vi.lote_id JOIN veiculo v ON v.id = l.veiculo_id
        JOIN veiculo_tipo vt ON vt.id = v.veiculo_tipo_id
        LEFT JOIN tabela_frete f ON f.hotsite_id = vi.hotsite_id AND f.uf = ${uf} AND f.modalidade = vt.categoria
       WHERE vi.venda_id = ${vendaId} AND vi.hotsite_id = ${hotsiteId} AND vi.ativo`),
  );
  const falta = itens.find((i) => i.valor == null);
  if (falta) throw new ErroHttp(400, MENSAGENS_ENTREGA.semFrete(uf, String(falta.categoria)));
  return {
    uf,
    valor: itens.reduce((a, i) => a + Number(i.valor), 0),
    prazoDias: itens.reduce((a, i) => Math.max(a, Number(i.prazo_dias)), 0),
  };
}

/** Sedex / Carta Registrada for the documents, from the table by the client's UF. */
export async function freteDeDocumento(db: Db | Tx, hotsiteId: number, metodo: string, uf: string | null): Promise<Frete> {
  if (!uf) throw new ErroHttp(400, MENSAGENS_ENTREGA.semEndereco);
  const [f] = linhas<Linha>(
    await db.execute(
      sql`SELECT valor, prazo_dias FROM tabela_frete WHERE hotsite_id = ${hotsiteId} AND uf = ${uf} AND modalidade = ${metodo}`,
    ),
  );
  if (!f) throw new ErroHttp(400, MENSAGENS_ENTREGA.semFrete(uf, metodo));
  return { uf, valor: Number(f.valor), prazoDias: Number(f.prazo_dias) };
}

const valorNumerico = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Valor deve ser numérico' })
    .int('Valor deve ser numérico')
    .min(0, 'Valor deve ser numérico')
    .max(10_000_000_00, 'Valor deve ser numérico'),
);

/** PUT /{v}/cliente/meus-lances/salvar-metodo-entrega (spec 000 §5: uid, method, numeric value; yard only for pickup). */
export const salvarEntregaSchema = z
  .object({
    uid: z.uuid('Venda não encontrada'),
    metodo: z.enum(['Retirada', 'Frete'], 'Método deve ser Retirada ou Frete'),
    valor: valorNumerico,
    patUid: z
      .uuid('Pátio inválido')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((e) => e.metodo !== 'Retirada' || e.patUid, { message: MENSAGENS_ENTREGA.patioInvalido, path: ['patUid'] });

/**
 * The buyer chooses how the vehicle reaches them: pickup at a yard (the sale's yard is set, freight 0)
 * or freight to their UF at the table's price, added to the sale's total. One transaction; the timeline
 * records it; `on-venda-dto` after commit.
 */
export async function salvarMetodoEntrega({
  db,
  hub,
  hotsiteId,
  usuarioId,
  entrada,
  autor,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  autor: string;
}) {
  const e = salvarEntregaSchema.parse(entrada);
  const tocada = await db.transaction(async (tx) => {
    const [v] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, situacao FROM venda WHERE uid = ${e.uid} AND hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} FOR UPDATE`,
      ),
    );
    if (!v) throw new ErroHttp(404, MENSAGENS_ENTREGA.vendaNaoEncontrada);
    if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_ENTREGA.vendaEncerrada);
    const vendaId = Number(v.id);
    let texto: string;
    if (e.metodo === 'Retirada') {
      const [p] = linhas<Linha>(
        await tx.execute(sql`SELECT id, nome FROM patio WHERE uid = ${e.patUid!} AND hotsite_id = ${hotsiteId} AND ativo`),
      );
      if (!p) throw new ErroHttp(400, MENSAGENS_ENTREGA.patioInvalido);
      await conferirPatioDaVenda(tx, hotsiteId, vendaId, Number(p.id));
      await tx.execute(
        sql`UPDATE venda SET entrega_veiculo = 'Retirada', patio_id = ${Number(p.id)}, valor_frete = 0, uf_frete = NULL WHERE id = ${vendaId}`,
      );
      texto = `Veículo: retirada no pátio ${String(p.nome)}`;
    } else {
      const f = await freteDaVenda(tx, hotsiteId, vendaId, await ufDoCliente(tx, hotsiteId, usuarioId));
      if (f.valor !== e.valor) throw new ErroHttp(409, MENSAGENS_ENTREGA.valorDiferente(f.valor));
      await tx.execute(sql`UPDATE venda SET entrega_veiculo = 'Frete', valor_frete = ${f.valor}, uf_frete = ${f.uf} WHERE id = ${vendaId}`);
      texto = `Veículo: frete para ${f.uf} (${formatarMoeda(f.valor)}, até ${contagemDaMarca('leilao', 'n_dias', f.prazoDias)})`;
    }
    await registrarEvento(tx, { hotsiteId, vendaId, texto, autor });
    await recalcularVenda(tx, hotsiteId, vendaId);
    return { hotsiteId, usuarioId, vendaId } satisfies VendaTocada;
  });
  publicarVenda(hub, tocada);
  return { mensagem: 'Salvo com sucesso' };
}

/**
 * A booked pickup becomes a service on the vehicle's stay (estadia) at that yard: the stay is opened if
 * the vehicle has none there, earlier bookings of the sale are cancelled. Runs in the caller's transaction.
 */
export async function registrarRetiradaAgendada(
  tx: Tx,
  {
    hotsiteId,
    vendaId,
    usuarioId,
    patioId,
    horario,
    autor,
  }: { hotsiteId: number; vendaId: number; usuarioId: number; patioId: number; horario: Date | null; autor: string },
) {
  await tx.execute(sql`UPDATE estadia_servico SET situacao = 'CANCELADO', cancelado_por = ${autor}, updated_at = now()
                        WHERE hotsite_id = ${hotsiteId} AND venda_id = ${vendaId} AND tipo = 'Retirada' AND situacao IN ('SOLICITADO', 'AGENDADO')`);
  if (!horario) return;
  const veiculos = linhas<Linha>(
    await tx.execute(sql`SELECT l.veiculo_id FROM venda_item vi JOIN lote l ON l.id = vi.lote_id
                          WHERE vi.venda_id = ${vendaId} AND vi.hotsite_id = ${hotsiteId} AND vi.ativo`),
  );
  for (const { veiculo_id } of veiculos) {
    let [e] = linhas<Linha>(
      await tx.execute(sql`SELECT id FROM estadia WHERE hotsite_id = ${hotsiteId} AND veiculo_id = ${Number(veiculo_id)}
                            AND patio_id = ${patioId} AND situacao = 'ATIVA' ORDER BY id DESC LIMIT 1`),
    );
    if (!e) {
      [e] = linhas<Linha>(
        await tx.execute(sql`INSERT INTO estadia (hotsite_id, patio_id, veiculo_id, dia_inicio)
                              VALUES (${hotsiteId}, ${patioId}, ${Number(veiculo_id)}, (now() AT TIME ZONE 'America/Sao_Paulo')::date) RETURNING id`),
      );
    }
    await tx.execute(sql`INSERT INTO estadia_servico (hotsite_id, estadia_id, venda_id, usuario_id, tipo, situacao, agendado_para, agendado_por)
                          VALUES (${hotsiteId}, ${Number(e.id)}, ${vendaId}, ${usuarioId}, 'Retirada', 'AGENDADO', ${horario.toISOString()}, ${autor})`);
  }
}

/* ---------- the freight table (staff) ---------- */

const UFS = /^[A-Z]{2}$/;
export const freteSchema = z.object({
  uf: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string().regex(UFS, 'Informe a UF de destino (duas letras)'),
  ),
  modalidade: z.enum(MODALIDADES_FRETE, 'Escolha o tipo de veículo ou o envio de documentos'),
  valor: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Informe o valor em centavos' })
      .int('Informe o valor em centavos')
      .min(0, 'Informe o valor em centavos')
      .max(10_000_000_00, 'Valor muito alto'),
  ),
  prazoDias: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Informe o prazo em dias' })
      .int('Informe o prazo em dias')
      .min(1, 'Informe o prazo em dias')
      .max(365, 'Prazo de até 365 dias'),
  ),
});

export async function listarFretes({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<Linha>(
    await db.execute(
      sql`SELECT id, uf, modalidade, valor, prazo_dias FROM tabela_frete WHERE hotsite_id = ${hotsiteId} ORDER BY uf, modalidade`,
    ),
  ).map((r) => ({
    id: Number(r.id),
    uf: String(r.uf),
    modalidade: String(r.modalidade),
    valor: Number(r.valor),
    prazoDias: Number(r.prazo_dias),
  }));
}

/** Creates or replaces the entry of a UF and category. */
export async function salvarFrete({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = freteSchema.parse(entrada);
  await db.execute(sql`INSERT INTO tabela_frete (hotsite_id, uf, modalidade, valor, prazo_dias) VALUES (${hotsiteId}, ${e.uf}, ${e.modalidade}, ${e.valor}, ${e.prazoDias})
                       ON CONFLICT (hotsite_id, uf, modalidade) DO UPDATE SET valor = excluded.valor, prazo_dias = excluded.prazo_dias, updated_at = now()`);
  return e;
}

export async function apagarFrete({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const r = linhas(await db.execute(sql`DELETE FROM tabela_frete WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`));
  if (r.length === 0) throw new ErroHttp(404, 'Frete não encontrado');
}

/** What the buyer's delivery card offers: vehicle freight and document shipping priced for their UF. */
export async function opcoesDeEntrega({
  db,
  hotsiteId,
  usuarioId,
  vendaId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  vendaId: number;
}) {
  const uf = await ufDoCliente(db, hotsiteId, usuarioId);
  const tentar = async (f: () => Promise<Frete>) => {
    try {
      return { frete: await f(), erro: null };
    } catch (e) {
      if (e instanceof ErroHttp) return { frete: null, erro: e.mensagem };
      throw e;
    }
  };
  const [veiculo, sedex, carta] = await Promise.all([
    tentar(() => freteDaVenda(db, hotsiteId, vendaId, uf)),
    tentar(() => freteDeDocumento(db, hotsiteId, 'Sedex', uf)),
    tentar(() => freteDeDocumento(db, hotsiteId, 'Carta Registrada', uf)),
  ]);
  return { uf, veiculo, documentos: { Sedex: sedex, 'Carta Registrada': carta } };
}
