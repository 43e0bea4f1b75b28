import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pdfkit } from '~/utils/bibliotecas.server';
import type { Db } from '@db/client.server';
import { verificarCadeia, loteTemAta, type LanceRegistrado, type VerificacaoDaCadeia } from '~/modules/dominio/cadeia-de-lances';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';

/*
 * The "ata de lances" of a closed lot (issue #34, decision 196): every accepted bid with its server time,
 * its canonical fields and its chained SHA-256, the chain head, and the chain checked again from the stored
 * fields. The same data answers the JSON download, the PDF and the public verification endpoint.
 */

export const sha256 = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex');

export interface LanceDaAta extends LanceRegistrado {
  apelido: string;
  data: string;
}

export interface Ata {
  marca: string;
  lote: { id: number; numero: string; nome: string; situacao: string; dataFim: string | null };
  leilao: { nome: string; data: string; leiloeiro: { nome: string; inscricao: string } | null } | null;
  lances: LanceDaAta[];
  cadeia: VerificacaoDaCadeia & { algoritmo: 'SHA-256'; versao: 'v1' };
  emitidaEm: string;
}

export type ResultadoDaAta = { tipo: 'nao-encontrado' } | { tipo: 'aberto' } | { tipo: 'ata'; ata: Ata };

/** Reads the lot's bids (canceled ones too: the record keeps every accepted bid) and checks the chain. */
export async function ataDoLote({
  db,
  hotsiteId,
  loteId,
  marca,
}: {
  db: Db;
  hotsiteId: number;
  loteId: number;
  marca: string;
}): Promise<ResultadoDaAta> {
  const [l] = linhas<{
    id: number;
    numero: string;
    nome: string;
    situacao: string;
    data_fim: Date | string | null;
    leilao_nome: string | null;
    leilao_data: Date | string | null;
    leiloeiro_nome: string | null;
    leiloeiro_inscricao: string | null;
  }>(
    await db.execute(sql`
      SELECT lo.id, lo.numero, lo.nome, lo.situacao, lo.data_fim, le.nome AS leilao_nome, le.data AS leilao_data,
             lr.nome AS leiloeiro_nome, lr.inscricao AS leiloeiro_inscricao
        FROM lote lo
        LEFT JOIN leilao le ON le.id = lo.leilao_id AND le.hotsite_id = lo.hotsite_id
        LEFT JOIN leiloeiro lr ON lr.id = le.leiloeiro_id AND lr.hotsite_id = lo.hotsite_id
       WHERE lo.id = ${loteId} AND lo.hotsite_id = ${hotsiteId}`),
  );
  if (!l) return { tipo: 'nao-encontrado' };
  if (!loteTemAta(l.situacao)) return { tipo: 'aberto' };
  const registros = linhas<{
    id: number;
    uid: string;
    hotsite_id: number;
    lote_id: number;
    usuario_id: number;
    valor: string | number;
    tipo: string;
    ordem: number;
    data_ms: string | number;
    apelido: string;
    hash_anterior: string | null;
    hash: string | null;
  }>(
    await db.execute(sql`
      SELECT id, uid, hotsite_id, lote_id, usuario_id, valor, tipo, ordem, floor(extract(epoch FROM data) * 1000)::bigint AS data_ms,
             apelido, hash_anterior, hash
        FROM lance WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} ORDER BY id`),
  );
  const lances: LanceDaAta[] = registros.map((r) => ({
    id: Number(r.id),
    uid: r.uid,
    hotsiteId: Number(r.hotsite_id),
    loteId: Number(r.lote_id),
    usuarioId: Number(r.usuario_id),
    valor: Number(r.valor),
    tipo: r.tipo,
    ordem: Number(r.ordem),
    dataMs: Number(r.data_ms),
    data: new Date(Number(r.data_ms)).toISOString(),
    apelido: r.apelido,
    hashAnterior: r.hash_anterior,
    hash: r.hash,
  }));
  const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
  return {
    tipo: 'ata',
    ata: {
      marca,
      lote: { id: Number(l.id), numero: l.numero, nome: l.nome, situacao: l.situacao, dataFim: iso(l.data_fim) },
      leilao: l.leilao_nome
        ? {
            nome: l.leilao_nome,
            data: iso(l.leilao_data)!,
            leiloeiro: l.leiloeiro_nome ? { nome: l.leiloeiro_nome, inscricao: l.leiloeiro_inscricao ?? '' } : null,
          }
        : null,
      lances,
      cadeia: { ...verificarCadeia(lances, sha256), algoritmo: 'SHA-256', versao: 'v1' },
      emitidaEm: new Date().toISOString(),
    },
  };
}

/** The ata as a PDF: the lot, the chain head and its check, then one line per bid with its hash. */
export async function ataEmPdf(
  ata: Ata,
  { urlVerificacao, rotulos }: { urlVerificacao: string; rotulos: { lote: string; lance: string } },
) {
  const PDFDocument = await pdfkit();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { Title: `Ata de ${rotulos.lance}s — ${rotulos.lote} ${ata.lote.numero}`, Author: ata.marca },
    });
    const partes: Buffer[] = [];
    doc.on('data', (p: Buffer) => partes.push(p));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.fontSize(16).text(`${ata.marca} — Ata de ${rotulos.lance}s`);
    doc.moveDown(0.4).fontSize(10).fillColor('#333');
    doc.text(`${rotulos.lote} ${ata.lote.numero} · ${ata.lote.nome} · situação ${ata.lote.situacao}`);
    if (ata.leilao) {
      doc.text(`${ata.leilao.nome} — ${formatarDataHora(ata.leilao.data)}`);
      if (ata.leilao.leiloeiro) doc.text(`Leiloeiro: ${ata.leilao.leiloeiro.nome} (${ata.leilao.leiloeiro.inscricao})`);
    }
    if (ata.lote.dataFim) doc.text(`Encerramento: ${formatarDataHora(ata.lote.dataFim)}`);
    doc.text(`Emitida em ${formatarDataHora(ata.emitidaEm)} (horário do servidor, Brasília)`);
    doc.moveDown(0.6).fillColor('#000').fontSize(11).text(`Cadeia de ${rotulos.lance}s (SHA-256, v1): ${ata.cadeia.lances} registro(s)`);
    doc
      .font('Courier')
      .fontSize(8)
      .text(`Cabeça da cadeia: ${ata.cadeia.cabeca ?? '—'}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(ata.cadeia.integra ? '#0a6b2d' : '#a00000')
      .text(
        ata.cadeia.integra
          ? 'Verificação: íntegra — cada registro confere com o anterior.'
          : `Verificação: QUEBRADA no registro ${ata.cadeia.quebraNoLance} — o registro foi alterado depois de gravado.`,
      );
    doc.fillColor('#000').moveDown(0.6);
    for (const l of ata.lances) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`#${l.ordem} · ${formatarDataHora(l.data)} · ${l.apelido} · ${l.tipo} · ${formatarMoeda(l.valor)} · registro ${l.id}`);
      doc
        .font('Courier')
        .fontSize(7)
        .fillColor('#444')
        .text(`hash ${l.hash ?? '—'}`)
        .fillColor('#000');
    }
    doc.moveDown().font('Helvetica').fontSize(8).fillColor('#444');
    doc.text(
      `Cada linha canônica é v1|id|uid|marca|${rotulos.lote.toLowerCase()}|usuário|valor em centavos|tipo|ordem|data em ms|hash anterior; ` +
        'o hash é o SHA-256 dessa linha, e o hash anterior do primeiro registro são 64 zeros. Confira em:',
    );
    doc.text(urlVerificacao);
    doc.end();
  });
}
