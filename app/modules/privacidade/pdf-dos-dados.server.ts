import { pdfkit } from '~/utils/bibliotecas.server';
import { rotulosDoPdf } from '~/locales/pt-BR/privacidade';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import type { DadosDoTitular } from './titular.server';

/*
 * The readable copy of the export (decision 234): the same data as the JSON, laid out in sections a person
 * reads, in the brand's wording (Lances / Ofertas). Values in reais, times in Brasília.
 */

const CAMPOS_DO_CADASTRO: [string, string][] = [
  ['nome', 'Nome'],
  ['apelido', 'Apelido'],
  ['email', 'E-mail'],
  ['cpf', 'CPF'],
  ['cnpj', 'CNPJ'],
  ['rg', 'RG'],
  ['dataNascimento', 'Data de nascimento'],
  ['razaoSocial', 'Razão social'],
  ['nomeFantasia', 'Nome fantasia'],
  ['telefone', 'Telefone'],
  ['telefone2', 'Telefone 2'],
  ['ocupacaoProfissional', 'Ocupação'],
  ['situacao', 'Situação'],
  ['documentoSituacao', 'Situação dos documentos'],
  ['dataCadastro', 'Cadastro em'],
];

const texto = (v: unknown) =>
  v == null || v === '' ? null : typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? formatarDataHora(v) : String(v);

export async function pdfDosDados(d: DadosDoTitular): Promise<Buffer> {
  const r = rotulosDoPdf[d.marca.tipo];
  const PDFDocument = await pdfkit();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${d.marca.nome} — Meus dados`, Author: d.marca.nome } });
    const partes: Buffer[] = [];
    doc.on('data', (p: Buffer) => partes.push(p));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    const secao = (titulo: string) =>
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#000').text(titulo).font('Helvetica').fontSize(9.5);
    const linha = (t: string) => doc.text(t);
    const vazio = (t: string) => doc.fillColor('#555').text(t).fillColor('#000');

    doc.font('Helvetica-Bold').fontSize(16).text(`${d.marca.nome} — Meus dados`);
    doc.font('Helvetica').fontSize(9).fillColor('#333');
    doc.text(
      `Cópia dos dados pessoais de ${d.conta.nome} (${d.conta.email}), gerada em ${formatarDataHora(d.geradoEm)} (horário de Brasília).`,
    );
    doc.text('Lei Geral de Proteção de Dados (Lei 13.709/2018), art. 18, II.');

    secao('Cadastro');
    if (d.cadastro) {
      for (const [campo, rotulo] of CAMPOS_DO_CADASTRO) {
        const v = texto(d.cadastro[campo]);
        if (v) linha(`${rotulo}: ${v}`);
      }
    } else vazio('Sem cadastro completo.');
    if (d.endereco) {
      const e = d.endereco;
      linha(`Endereço: ${[e.logradouro, e.numero, e.complemento, e.bairro, e.cidade, e.uf, e.cep].filter(Boolean).join(', ')}`);
    }
    for (const s of d.socios) linha(`Sócio: ${String(s.nome)} (CPF ${String(s.cpf)})`);

    secao(`Documentos enviados (${d.documentos.length})`);
    if (d.documentos.length === 0) vazio('Nenhum documento enviado.');
    for (const x of d.documentos) linha(`${String(x.tipo)}: ${String(x.arquivo)} · ${String(x.situacao)} · ${texto(x.enviadoEm) ?? ''}`);

    secao(`${r.lances} (${d.lances.length})`);
    if (d.lances.length === 0) vazio(`Nenhum registro.`);
    for (const l of d.lances) {
      linha(
        `${formatarDataHora(l.data)} · ${r.lote} ${l.loteNumero} ${l.lote} · ${formatarMoeda(l.valor)} · ${l.tipo}${l.situacao === 'Cancelado' ? ' · cancelado' : ''}`,
      );
    }

    secao(`Compras (${d.compras.length})`);
    if (d.compras.length === 0) vazio('Nenhuma compra.');
    for (const c of d.compras) {
      linha(`Compra ${c.uid.slice(0, 8)} · ${c.situacao} · total ${formatarMoeda(c.total)} · pagar até ${formatarData(c.dataPagamento)}`);
      for (const i of c.itens) linha(`    ${r.lote} ${i.loteNumero} ${i.lote} · ${formatarMoeda(i.valor)}`);
    }

    secao(`Favoritos (${d.favoritos.length}) e habilitações (${d.habilitacoes.length})`);
    for (const h of d.habilitacoes)
      linha(`${h.leilao ?? `Todos os ${r.leilao === 'Evento' ? 'eventos' : 'leilões'}`}: ${h.situacao} desde ${formatarData(h.desde)}`);
    if (d.favoritos.length) linha(`${d.favoritos.length} veículo(s) marcados como favoritos.`);

    secao('Consentimentos');
    for (const c of d.consentimentos) {
      const nome =
        c.finalidade === 'marketing' ? 'Ofertas e novidades por e-mail' : 'Compartilhar o cadastro com outras marcas da plataforma';
      linha(`${nome}: ${c.concedido ? 'concedido' : 'não concedido'}${c.alteradoEm ? ` (${formatarDataHora(c.alteradoEm)})` : ''}`);
    }

    secao('Pedidos do titular');
    if (d.solicitacoes.length === 0) vazio('Nenhum pedido.');
    for (const s of d.solicitacoes)
      linha(`Exclusão · ${s.situacao} · pedido em ${formatarDataHora(s.criadaEm)} · prazo ${formatarData(s.prazo)}`);

    secao(`Registro de acessos, últimos 6 meses (${d.acessos.length})`);
    if (d.acessos.length === 0) vazio('Nenhum acesso registrado.');
    for (const a of d.acessos)
      linha(
        `${formatarDataHora(a.data)} · ${a.ip} · ${a.sucesso ? 'entrada' : 'tentativa recusada'} · ${(a.dispositivo ?? '').slice(0, 80)}`,
      );
    doc.end();
  });
}
