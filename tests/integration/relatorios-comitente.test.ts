import http from 'node:http';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { grupoDoLote } from '~/modules/vendas/documentos';
import { formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();
type L = Record<string, unknown>;
const dec = (c: number) => (c / 100).toFixed(2);

/** The raw bytes of a download (pedir reads text). */
const bytes = (caminho: string, cookie: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: t.app.port, path: caminho, headers: { host: `h1.localhost:${t.app.port}`, cookie } },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c) => partes.push(c));
        res.on('end', () => resolve(Buffer.concat(partes)));
      },
    );
    req.on('error', reject);
  });

/** A seller of brand 1 with a seeded sale that counts, the auction of that sale, and another seller. */
async function vendedorDoSeed() {
  const [v] = linhas<L>(
    await t.banco.db.execute(sql`SELECT comitente_id, leilao_id FROM venda
                                  WHERE hotsite_id = 1 AND comitente_id IS NOT NULL AND situacao NOT IN ('Cancelada', 'ClienteDesistiu')
                                  ORDER BY id LIMIT 1`),
  );
  expect(v).toBeDefined();
  const [outro] = linhas<L>(
    await t.banco.db.execute(sql`SELECT id FROM comitente WHERE hotsite_id = 1 AND id <> ${v.comitente_id} ORDER BY id LIMIT 1`),
  );
  return { comitenteId: Number(v.comitente_id), leilaoId: Number(v.leilao_id), outroId: Number(outro.id) };
}

/** The expected row, computed another way: from the sales' own totals and each lot's situation. */
async function esperado(comitenteId: number, leilaoId: number) {
  const [s] = linhas<L>(
    await t.banco.db.execute(sql`SELECT coalesce(sum(arremate), 0) AS arremate, coalesce(sum(valor_comissao), 0) AS comissao,
                                        coalesce(sum(valor_desconto), 0) AS desconto
                                   FROM venda WHERE hotsite_id = 1 AND comitente_id = ${comitenteId} AND leilao_id = ${leilaoId}
                                    AND situacao NOT IN ('Cancelada', 'ClienteDesistiu')`),
  );
  const lotes = linhas<L>(
    await t.banco.db.execute(
      sql`SELECT situacao FROM lote WHERE hotsite_id = 1 AND comitente_id = ${comitenteId} AND leilao_id = ${leilaoId}`,
    ),
  );
  const conta = (g: string) => lotes.filter((l) => grupoDoLote(String(l.situacao)) === g).length;
  return {
    ofertados: lotes.length,
    vendidos: conta('vendidos'),
    condicionais: conta('condicionais'),
    naoVendidos: conta('naoVendidos'),
    arremate: Number(s.arremate),
    comissao: Number(s.comissao),
    desconto: Number(s.desconto),
  };
}

const celulasDaLinha = (html: string, comitenteId: number, leilaoId: number) => {
  const tr = new RegExp(`<tr data-comitente="${comitenteId}" data-leilao="${leilaoId}">(.*?)</tr>`).exec(html);
  expect(tr, 'linha do comitente no relatório').not.toBeNull();
  return [...tr![1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1].replace(/<!-- -->/g, ''));
};

describe('/admin/relatorios-comitente', () => {
  it('shows per seller and auction the seed’s lots and money; the CSV and the XLSX hold the same rows', async () => {
    const { comitenteId, leilaoId } = await vendedorDoSeed();
    const e = await esperado(comitenteId, leilaoId);
    expect(e.arremate).toBeGreaterThan(0);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const filtro = `comitente=${comitenteId}&leilao=${leilaoId}`;
    const r = await t.app.pedir('h1.localhost', `/admin/relatorios-comitente?${filtro}`, { headers: { cookie: adm.cookie } });
    expect(r.status).toBe(200);
    const c = celulasDaLinha(r.texto, comitenteId, leilaoId);
    expect(c.slice(2)).toEqual([
      String(e.ofertados),
      String(e.vendidos),
      String(e.condicionais),
      String(e.naoVendidos),
      formatarMoeda(e.arremate),
      formatarMoeda(e.comissao),
      formatarMoeda(e.desconto),
      formatarMoeda(e.arremate - e.desconto),
    ]);

    const csv = await t.app.pedir('h1.localhost', `/admin/relatorios-comitente/exportar?${filtro}&formato=csv`, {
      headers: { cookie: adm.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linhasCsv = csv.texto
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(linhasCsv[0]).toContain('Líquido do comitente');
    expect(linhasCsv).toHaveLength(2);
    expect(linhasCsv[1].split(';').slice(3)).toEqual([
      String(e.ofertados),
      String(e.vendidos),
      String(e.condicionais),
      String(e.naoVendidos),
      dec(e.arremate),
      dec(e.comissao),
      dec(e.desconto),
      dec(e.arremate - e.desconto),
    ]);

    // Unfiltered for the seller: the page's rows (first page) are the export's first rows, in order.
    const todos = await t.app.pedir('h1.localhost', `/admin/relatorios-comitente?comitente=${comitenteId}`, {
      headers: { cookie: adm.cookie },
    });
    const naPagina = [...todos.texto.matchAll(/<tr data-comitente="(\d+)" data-leilao="(\d+)">/g)].map((m) => `${m[1]}-${m[2]}`);
    expect(naPagina.length).toBeGreaterThan(0);
    const xlsx = await t.app.pedir('h1.localhost', `/admin/relatorios-comitente/exportar?comitente=${comitenteId}&formato=xlsx`, {
      headers: { cookie: adm.cookie },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(
      (await bytes(`/admin/relatorios-comitente/exportar?comitente=${comitenteId}&formato=xlsx`, adm.cookie)) as unknown as ArrayBuffer,
    );
    const folha = livro.getWorksheet('Comitentes')!;
    // Header, one row per report row, the Total row.
    expect(folha.rowCount).toBe(naPagina.length + 2);
    expect(folha.getRow(folha.rowCount).getCell(1).value).toBe('Total');
    const csvTodos = await t.app.pedir('h1.localhost', `/admin/relatorios-comitente/exportar?comitente=${comitenteId}&formato=csv`, {
      headers: { cookie: adm.cookie },
    });
    expect(csvTodos.texto.trim().split(/\r?\n/).length - 1).toBe(naPagina.length);
  });

  it('a seller user sees only its sellers: another seller’s filter is a 403 and its rows never appear', async () => {
    const { comitenteId, leilaoId, outroId } = await vendedorDoSeed();
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId });
    const cookie = { cookie: vendedor.cookie };
    const r = await t.app.pedir('h1.localhost', '/admin/relatorios-comitente', { headers: cookie });
    expect(r.status).toBe(200);
    const comitentesVistos = new Set([...r.texto.matchAll(/<tr data-comitente="(\d+)"/g)].map((m) => Number(m[1])));
    expect([...comitentesVistos]).toEqual([comitenteId]);
    expect(r.texto).not.toContain(`<option value="${outroId}">`);
    celulasDaLinha(
      (await t.app.pedir('h1.localhost', `/admin/relatorios-comitente?leilao=${leilaoId}`, { headers: cookie })).texto,
      comitenteId,
      leilaoId,
    );
    for (const caminho of [
      `/admin/relatorios-comitente?comitente=${outroId}`,
      `/admin/relatorios-comitente/exportar?comitente=${outroId}&formato=csv`,
    ])
      expect((await t.app.pedir('h1.localhost', caminho, { headers: cookie })).status).toBe(403);
    const csv = await t.app.pedir('h1.localhost', '/admin/relatorios-comitente/exportar?formato=csv', { headers: cookie });
    const nomes = linhas<L>(await t.banco.db.execute(sql`SELECT nome_site FROM comitente WHERE id = ${comitenteId}`));
    for (const l of csv.texto
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1))
      expect(l.split(';')[0]).toBe(nomes[0].nome_site);

    // A seller user tied to no seller gets an empty report, not another's data.
    const solto = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const vazio = await t.app.pedir('h1.localhost', '/admin/relatorios-comitente', { headers: { cookie: solto.cookie } });
    expect(vazio.status).toBe(200);
    expect(vazio.texto).toContain('Nenhum lote de comitente encontrado');

    // Other staff and clients are refused by the access table (Comitente + ADM).
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    expect((await t.app.pedir('h1.localhost', '/admin/relatorios-comitente', { headers: { cookie: acerto.cookie } })).status).toBe(403);
    expect((await t.app.pedir('h1.localhost', '/admin/relatorios-comitente')).status).toBe(302);
  });

  it('answers bad filters with a pt-BR 400 and unknown ones with 404', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const pedir = (q: string) => t.app.pedir('h1.localhost', `/admin/relatorios-comitente${q}`, { headers: { cookie: adm.cookie } });
    for (const [q, status, texto] of [
      ['?de=2026-13-40', 400, 'Data inválida'],
      ['?de=2026-05-10&ate=2026-05-01', 400, 'A data inicial deve ser anterior à final'],
      ['?pagina=0', 400, 'Página inválida'],
      ['?comitente=abc', 400, 'Comitente não encontrado'],
      ['?comitente=999999', 404, 'Comitente não encontrado'],
      ['?leilao=999999', 404, 'Leilão não encontrado'],
      ['/exportar?formato=pdf', 400, 'formato deve ser csv ou xlsx'],
    ] as const) {
      const r = await pedir(q);
      expect(r.status, q).toBe(status);
      expect(r.texto, q).toContain(texto);
    }
    // A date window with no auction: the report is empty, its totals zero.
    const vazio = await pedir('?de=1901-01-01&ate=1901-01-02');
    expect(vazio.status).toBe(200);
    expect(vazio.texto).toContain('Nenhum lote de comitente encontrado');
  });
});
