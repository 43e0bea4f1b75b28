import type { SerializeFrom } from '@remix-run/node';
import type { laudoDetran } from '~/modules/consultas/detran.server';
import { container } from '~/components/layout.css';
import * as s from '~/components/vistorias/laudo.css';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { HistoricoVerificado } from './historico-verificado';

export type DadosLaudoDetran = SerializeFrom<NonNullable<Awaited<ReturnType<typeof laudoDetran>>>>;

const situacao = (ok: boolean | null) => (ok === null ? 'Aguardando envio' : ok ? 'Cadastrado' : 'Recusado');

/**
 * The detran reports (issue #31): `laudo` is ours (the vehicle, its items with their register status and
 * its checked history); `detran` is the detran's side only (what it answered for each item, when).
 */
export function LaudoDetran({ dados, marca, modo }: { dados: DadosLaudoDetran; marca: string; modo: 'laudo' | 'detran' }) {
  const v = dados.veiculo;
  const campos: [string, string | number | null][] = [
    ['Veículo', v.nome],
    ['Placa', v.placa],
    ['Chassi', v.chassi],
    ['Renavam', v.renavam],
    ['Ano', [v.anoFabricacao, v.anoModelo].filter(Boolean).join('/')],
    ['Cor', v.cor],
    ['Lote', v.loteNumero],
  ];
  return (
    <section className={`${container} ${s.pagina}`} data-testid={modo === 'laudo' ? 'laudo-detran' : 'laudo-detran-detran'}>
      <header className={s.cabecalho}>
        <div>
          <h1>{modo === 'laudo' ? 'Laudo Detran' : 'Respostas do Detran'}</h1>
          <p className={s.rodape}>{marca}</p>
        </div>
        <button type="button" className={s.imprimir} onClick={() => window.print()}>
          Imprimir
        </button>
      </header>
      <section className={s.caixa}>
        <h2 className={s.titulo}>Veículo</h2>
        <dl className={s.dados}>
          {campos
            .filter(([, valor]) => valor != null && valor !== '')
            .map(([rotulo, valor]) => (
              <div key={rotulo}>
                <dt>{rotulo}</dt>
                <dd>{valor}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section className={s.caixa}>
        <h2 className={s.titulo}>Itens do Detran</h2>
        {dados.itens.length === 0 ? (
          <p>Nenhuma importação do Detran para este veículo.</p>
        ) : (
          <table className={s.tabela}>
            <thead>
              <tr>
                <th>Leilão</th>
                {modo === 'laudo' ? (
                  <>
                    <th>Condição</th>
                    <th>Valor inicial</th>
                  </>
                ) : null}
                <th>Cadastro</th>
                <th>Resposta do Detran</th>
                <th>Data</th>
              </tr>
            </thead>
            <tbody>
              {dados.itens.map((i) => (
                <tr key={i.uid}>
                  <td>{i.leilaoNome}</td>
                  {modo === 'laudo' ? (
                    <>
                      <td>{i.condicao}</td>
                      <td>{i.valorUnitarioInicial == null ? '' : formatarMoeda(i.valorUnitarioInicial)}</td>
                    </>
                  ) : null}
                  <td>{situacao(i.cadastroDetranOK)}</td>
                  <td>{i.cadastroDetranResponse ?? ''}</td>
                  <td>{i.cadastroDetranData ? formatarDataHora(i.cadastroDetranData) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {modo === 'laudo' ? <HistoricoVerificado historico={dados.historico} className={s.caixa} /> : null}
    </section>
  );
}
