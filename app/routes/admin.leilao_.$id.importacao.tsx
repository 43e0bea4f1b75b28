import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useWording } from '~/components/marca';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { ImportarLinhas } from '~/components/backoffice/importacao';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { IMPORTACAO_BYTES_MAXIMO, importarLinhas, lerPlanilha, validarLinhas } from '~/modules/backoffice/importacao.server';
import { obterLeilao } from '~/modules/backoffice/leiloes.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';
import { z } from 'zod';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Importar lotes');
const ROTA_ID = 'routes/admin.leilao_.$id.importacao';

function idDaRota(id: string | undefined) {
  const n = /^\d{1,10}$/.test(id ?? '') ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, 'Leilão não encontrado');
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const l = await obterLeilao({ db: context.db, hotsiteId: context.marca.id, id: idDaRota(params.id) });
  return { leilao: { id: l.id, nome: l.nome, situacao: l.situacao, lotes: l.leiloesLotes.length } };
}

const linhasSchema = z
  .array(z.record(z.string().max(60), z.string().max(5000)))
  .min(1)
  .max(1000, 'No máximo 1000 linhas por envio');

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request, {
    arquivos: 1,
    bytesPorArquivo: IMPORTACAO_BYTES_MAXIMO,
    bytesTotal: IMPORTACAO_BYTES_MAXIMO + 100_000,
  });
  const acao = form.get('_acao');
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    const leilaoId = idDaRota(params.id);
    await obterLeilao({ db, hotsiteId, id: leilaoId });
    if (acao === 'previa') {
      const arquivo = form.get('arquivo');
      if (!arquivo || typeof arquivo === 'string' || arquivo.size === 0) throw new ErroHttp(400, 'Escolha um arquivo CSV ou XLSX');
      const { linhas, desconhecidas } = await lerPlanilha({ nome: arquivo.name, conteudo: Buffer.from(await arquivo.arrayBuffer()) });
      const validadas = await validarLinhas({ db, hotsiteId, usuario: eu, linhas });
      const validas = linhas.filter((_, i) => validadas[i].ok);
      return {
        ok: true as const,
        mensagem: `${linhas.length} linhas lidas: ${validas.length} válidas, ${linhas.length - validas.length} com erro`,
        erros: {},
        valores: {},
        previa: {
          total: linhas.length,
          desconhecidas,
          comErro: validadas.flatMap((l) => (l.ok ? [] : [{ linha: l.linha, erros: l.erros }])),
          exemplos: validadas.slice(0, 10).flatMap((l) =>
            l.ok
              ? [
                  {
                    linha: l.linha,
                    nome: l.veiculo.nome,
                    placa: l.chave.placa,
                    chassi: l.chave.chassi,
                    minimo: l.lote.minimo,
                    incremento: l.lote.incremento,
                  },
                ]
              : [],
          ),
          validas,
        },
      };
    }
    if (acao === 'importar') {
      const brutas = linhasSchema.parse(JSON.parse(String(form.get('linhas') ?? '[]')));
      const primeiraLinha = Number(form.get('primeiraLinha')) || 2;
      // Validated again: the browser only carries the rows between the preview and the import.
      const validadas = await validarLinhas({ db, hotsiteId, usuario: eu, linhas: brutas, primeiraLinha });
      const comErro = validadas.find((l) => !l.ok);
      if (comErro && !comErro.ok) throw new ErroHttp(400, `Linha ${comErro.linha}: ${comErro.erros.join('; ')}`);
      const r = await importarLinhas({
        db,
        hub: context.hub,
        hotsiteId,
        usuarioId: eu.id,
        leilaoId,
        linhas: validadas.filter((l) => l.ok),
      });
      return { ok: true as const, mensagem: 'Importado', erros: {}, valores: {}, ...r };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    if (e instanceof SyntaxError) return comoErroDeFormulario(new ErroHttp(400, 'Linhas inválidas'));
    return comoErroDeFormulario(e);
  }
}

interface Previa {
  total: number;
  desconhecidas: string[];
  comErro: { linha: number; erros: string[] }[];
  exemplos: { linha: number; nome: string; placa: string | null; chassi: string | null; minimo: number; incremento: number }[];
  validas: Record<string, string>[];
}

export default function Importacao() {
  const t = useWording();
  const { leilao } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; previa?: Previa } | undefined;
  const p = r?.previa;
  const caminho = `/admin/leilao/${leilao.id}/importacao`;
  return (
    <section>
      <h1>Importar lotes</h1>
      <p>
        Leilão <Link to={`/admin/leilao/${leilao.id}`}>{leilao.nome}</Link> · {t.contar('n_lotes', leilao.lotes)}
      </p>
      <p className={f.ajuda}>
        Colunas: tipo, marca, modelo, versao, anoFabricacao, anoModelo, cor, placa, chassi, km, combustivel, patio, comitente, minimo,
        incremento, valorComitente, compreJa, comissao, modoVenda, posicao, descricao. Valores em reais. Obrigatórias: tipo, modelo, minimo,
        incremento e chassi ou placa. Reimportar o mesmo arquivo atualiza os veículos (por chassi ou placa) e seus lotes neste leilão.
      </p>
      <Form method="post" encType="multipart/form-data" className={s.filtros}>
        <input type="hidden" name="_acao" value="previa" />
        <label className={f.campo}>
          <span className={f.rotulo}>Arquivo CSV ou XLSX</span>
          <input
            type="file"
            name="arquivo"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
          />
        </label>
        <button type="submit" className={botao}>
          Pré-visualizar
        </button>
      </Form>
      {r ? <Aviso tipo={r.ok ? 'info' : 'erro'}>{r.mensagem}</Aviso> : null}
      {p ? (
        <>
          {p.desconhecidas.length ? <p className={f.ajuda}>Colunas ignoradas: {p.desconhecidas.join(', ')}</p> : null}
          {p.exemplos.length ? (
            <TabelaRolavel rotulo="Importar lotes">
              <table className={f.tabela} data-testid="previa-importacao">
                <thead>
                  <tr>
                    <th>Linha</th>
                    <th>Veículo</th>
                    <th>Placa</th>
                    <th>Chassi</th>
                    <th>Mínimo</th>
                    <th>Incremento</th>
                  </tr>
                </thead>
                <tbody>
                  {p.exemplos.map((x) => (
                    <tr key={x.linha}>
                      <td>{x.linha}</td>
                      <td>{x.nome}</td>
                      <td className={semQuebra}>{x.placa ?? ''}</td>
                      <td className={semQuebra}>{x.chassi ?? ''}</td>
                      <td className={semQuebra}>{formatarMoeda(x.minimo)}</td>
                      <td className={semQuebra}>{formatarMoeda(x.incremento)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TabelaRolavel>
          ) : null}
          {p.comErro.length ? (
            <>
              <h2>Linhas com erro ({p.comErro.length})</h2>
              <ul data-testid="erros-importacao">
                {p.comErro.slice(0, 500).map((e) => (
                  <li key={e.linha} className={s.erroLinha}>
                    Linha {e.linha}: {e.erros.join('; ')}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {p.validas.length ? <ImportarLinhas key={p.total + p.validas.length} acao={caminho} rotaId={ROTA_ID} linhas={p.validas} /> : null}
        </>
      ) : null}
    </section>
  );
}
