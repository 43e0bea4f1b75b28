import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { contagemDaMarca } from '~/utils/i18n';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, paraDataHoraLocal, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { pontosParaCampo, porcentagemDoFormulario } from '~/modules/dominio/campos';
import { copiarLotesNaoArrematados, leiloesDestino } from '~/modules/backoffice/copiar-lotes.server';
import {
  alterarLeilao,
  criarLeilao,
  leiloeirosDaMarca,
  mudarSituacaoLeilao,
  obterLeilao,
  patiosAtivos,
} from '~/modules/backoffice/leiloes.server';
import { MODALIDADES, proximasSituacoesLeilao, ROTULOS_LEILAO } from '~/modules/backoffice/regras';
import { verificacoesDoLeilao } from '~/modules/backoffice/verificacoes-do-leilao.server';
import { VerificacoesDoLeilao } from '~/components/confianca/verificacoes';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Leilão');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, 'Leilão não encontrado');
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const pode = (caminho: string) => {
    const a = ACESSOS[caminho];
    return Array.isArray(a) && temAlgumPapel(eu.papeis, a);
  };
  const id = idDaRota(params.id);
  const [leilao, patios, leiloeiros, destinos, verificacoes] = await Promise.all([
    id ? obterLeilao({ db: context.db, hotsiteId: context.marca.id, id }) : null,
    patiosAtivos({ db: context.db, hotsiteId: context.marca.id }),
    leiloeirosDaMarca({ db: context.db, hotsiteId: context.marca.id }),
    id ? leiloesDestino({ db: context.db, hotsiteId: context.marca.id, exceto: id }) : [],
    id ? verificacoesDoLeilao({ db: context.db, hotsiteId: context.marca.id, id }) : [],
  ]);
  return {
    leilao,
    patios,
    leiloeiros,
    destinos: destinos.map((d) => ({ id: d.id, nome: d.nome, situacao: d.situacao })),
    extras: {
      documentos: pode('/admin/documentos-leilao'),
      videos: pode('/admin/leilao-url-videos'),
      fotos: pode('/admin/aprovar-fotos-leilao'),
    },
    proximas: leilao ? proximasSituacoesLeilao(leilao.situacao) : [],
    // The auctioneer's rules, shown while the auction can still be published (the release refuses on the same checks).
    verificacoes: leilao && ['EM_LOTEAMENTO', 'CRIADO'].includes(leilao.situacao) ? verificacoes : [],
  };
}

/** Form fields → the schema's shape: São Paulo wall clock to an instant, percent to basis points, lists from text. */
function leilaoDoFormulario(c: Record<string, string>) {
  const linhas = (t: string | undefined) =>
    (t ?? '')
      .split(/\r?\n/)
      .map((x) => x.trim())
      .filter(Boolean);
  return {
    ...c,
    dia: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(c.dia ?? '') ? `${c.dia}:00-03:00` : c.dia,
    // A calendar day in Brasília (the notice's publication day); noon keeps it that day whatever the zone.
    editalPublicadoEm: /^\d{4}-\d{2}-\d{2}$/.test(c.editalPublicadoEm ?? '')
      ? `${c.editalPublicadoEm}T12:00:00-03:00`
      : c.editalPublicadoEm,
    porcentagemComissao: porcentagemDoFormulario(c.porcentagemComissao ?? ''),
    validarSucata: c.validarSucata ?? 'false',
    destaque: c.destaque ?? 'false',
    localRealizacao: c.localNome?.trim()
      ? { nome: c.localNome, endereco: c.localEndereco, cidade: c.localCidade, telefone: c.localTelefone }
      : null,
    cupons: linhas(c.cupons).map((l) => {
      const [codigo, desconto = ''] = l.split(/[;\s]+/);
      return { codigo, descontoPorcentagem: porcentagemDoFormulario(desconto) };
    }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    const id = idDaRota(params.id);
    if (campos._acao === 'situacao') {
      if (!id) throw new ErroHttp(404, 'Leilão não encontrado');
      const r = await mudarSituacaoLeilao({
        db,
        hub: context.hub,
        hotsiteId,
        usuarioId: eu.id,
        id,
        entrada: { situacao: campos.situacao },
      });
      return {
        ok: true as const,
        mensagem: `Situação alterada para ${ROTULOS_LEILAO[r.situacao]}${r.lotesAlterados ? ` (${contagemDaMarca(context.marca.tipo, 'lotes_atualizados', r.lotesAlterados)})` : ''}`,
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'copiar-lotes') {
      if (!id) throw new ErroHttp(404, 'Leilão não encontrado');
      const r = await copiarLotesNaoArrematados({ db, hotsiteId, usuarioId: eu.id, leilaoId: id, entrada: campos });
      return { ok: true as const, mensagem: r.mensagem, erros: {}, valores: {} };
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    const entrada = leilaoDoFormulario(campos);
    if (!id) {
      const novo = await criarLeilao({ db, hotsiteId, usuarioId: eu.id, entrada });
      return redirect(`/admin/leilao/${novo.id}`);
    }
    await alterarLeilao({ db, hub: context.hub, hotsiteId, usuarioId: eu.id, id, entrada });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function Leilao() {
  const { leilao: l, patios, leiloeiros, destinos, extras, proximas, verificacoes } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (campo: string, atual: unknown) =>
    r && !r.ok && r.valores[campo] !== undefined ? r.valores[campo] : atual == null ? '' : String(atual);
  const erros = r?.erros;
  return (
    <section>
      <div className={s.titulo}>
        <h1>{l ? l.nome : 'Novo leilão'}</h1>
        {l ? <span className={s.selo}>{ROTULOS_LEILAO[l.situacao]}</span> : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {verificacoes.length ? <VerificacoesDoLeilao verificacoes={verificacoes} /> : null}
      {l ? (
        <Form method="post" className={f.acoes} aria-label="Situação do leilão">
          <input type="hidden" name="_acao" value="situacao" />
          {proximas.map((p) => (
            <button key={p} type="submit" name="situacao" value={p} className={p === 'CANCELADO' ? botaoSecundario : botao}>
              {p === 'PRONTO' ? 'Liberar leilão (Pronto)' : p === 'CANCELADO' ? 'Cancelar leilão' : `Passar para ${ROTULOS_LEILAO[p]}`}
            </button>
          ))}
          <Link to={`/admin/leilao/${l.id}/importacao`}>Importar lotes (CSV/XLSX)</Link>
          <Link to={`/admin/lotes?leilaoId=${l.id}`}>Ver lotes ({l.leiloesLotes.length})</Link>
          {extras.documentos ? <Link to={`/admin/documentos-leilao/${l.uid}`}>Documentos do leilão</Link> : null}
          {extras.videos ? <Link to={`/admin/leilao-url-videos/${l.uid}`}>URLs de vídeo ({l.videos.length})</Link> : null}
          {extras.fotos ? <Link to={`/admin/aprovar-fotos-leilao?leilao=${l.uid}`}>Aprovar fotos</Link> : null}
        </Form>
      ) : null}
      {l ? (
        <Form method="post" className={s.filtros} aria-label="Copiar lotes para o próximo leilão">
          <input type="hidden" name="_acao" value="copiar-lotes" />
          <label className={f.campo}>
            <span className={f.rotulo}>Copiar lotes não arrematados para</span>
            <select name="leilaoDestinoId" className={f.entrada} defaultValue="" required>
              <option value="">Escolha o próximo leilão</option>
              {destinos.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nome} ({ROTULOS_LEILAO[d.situacao]})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={botaoSecundario}>
            Copiar lotes
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Dados do leilão">
          <div className={f.grade}>
            <Campo nome="nome" rotulo="Nome" obrigatorio valor={v('nome', l?.nome)} erros={erros} />
            <Campo
              nome="dia"
              rotulo="Data e hora (Brasília)"
              tipo="datetime-local"
              obrigatorio
              valor={v('dia', paraDataHoraLocal(l?.dia))}
              erros={erros}
            />
            <Escolha
              nome="modalidade"
              rotulo="Modalidade"
              opcoes={MODALIDADES.map((m) => ({ valor: m, nome: m }))}
              valor={v('modalidade', l?.modalidade ?? 'Online')}
              erros={erros}
            />
            <Campo
              nome="tipoOrigem"
              rotulo="Tipo de origem"
              valor={v('tipoOrigem', l?.tipoOrigem)}
              erros={erros}
              placeholder="Amigavel, Judicial, Frota..."
            />
            <Campo
              nome="porcentagemComissao"
              rotulo="Comissão (%)"
              valor={v('porcentagemComissao', pontosParaCampo(l?.porcentagemComissao ?? 500))}
              erros={erros}
              inputMode="decimal"
            />
            <Campo nome="editalUrl" rotulo="Endereço do edital" valor={v('editalUrl', l?.editalUrl)} erros={erros} />
            <Campo
              nome="editalPublicadoEm"
              rotulo="Edital publicado em (judicial)"
              tipo="date"
              valor={v('editalPublicadoEm', paraDataHoraLocal(l?.editalPublicadoEm).slice(0, 10))}
              erros={erros}
            />
            <Escolha
              nome="patioId"
              rotulo="Pátio"
              opcoes={patios.map((p) => ({ valor: p.id, nome: `${p.nome} (${p.cidade}/${p.estadoUf})` }))}
              vazio="—"
              valor={v('patioId', l?.patioId)}
              erros={erros}
            />
            <Escolha
              nome="leiloeiroId"
              rotulo="Leiloeiro"
              opcoes={leiloeiros.map((p) => ({ valor: p.id, nome: p.nome }))}
              vazio="—"
              valor={v('leiloeiroId', l?.leiloeiroId)}
              erros={erros}
            />
            <Campo nome="cidade" rotulo="Cidade" valor={v('cidade', l?.cidade)} erros={erros} />
            <Campo nome="estadoUf" rotulo="UF" valor={v('estadoUf', l?.estadoUf)} erros={erros} maxLength={2} />
          </div>
          <Caixa
            nome="validarSucata"
            rotulo="Validar habilitação para sucata"
            marcado={v('validarSucata', l?.validarSucata) === 'true' || v('validarSucata', l?.validarSucata) === 'on'}
          />
          <Caixa
            nome="destaque"
            rotulo="Destaque no site"
            marcado={v('destaque', l?.destaque) === 'true' || v('destaque', l?.destaque) === 'on'}
          />
        </Secao>
        <Secao titulo="Tempo dos lotes">
          <div className={s.grade3}>
            <Campo
              nome="intervaloEntreLotesSegundos"
              rotulo="Intervalo entre lotes (s)"
              valor={v('intervaloEntreLotesSegundos', l?.intervaloEntreLotesSegundos ?? 120)}
              erros={erros}
              inputMode="numeric"
            />
            <Campo
              nome="pontoCorteParaIncrementoPosLancesSegundos"
              rotulo="Ponto de corte para incremento (s)"
              valor={v('pontoCorteParaIncrementoPosLancesSegundos', l?.pontoCorteParaIncrementoPosLancesSegundos ?? 60)}
              erros={erros}
              inputMode="numeric"
            />
            <Campo
              nome="incrementoAposLancesSegundos"
              rotulo="Incremento após lances (s)"
              valor={v('incrementoAposLancesSegundos', l?.incrementoAposLancesSegundos ?? 60)}
              erros={erros}
              inputMode="numeric"
            />
          </div>
        </Secao>
        <Secao titulo="Transmissão, regulamento e integrações">
          <div className={s.grade3}>
            <Campo
              nome="transmissaoSubdominio"
              rotulo="Subdomínio de transmissão"
              valor={v('transmissaoSubdominio', l?.transmissaoSubdominio)}
              erros={erros}
            />
            <Campo nome="regulamentoUid" rotulo="Código do regulamento" valor={v('regulamentoUid', l?.regulamentoUid)} erros={erros} />
            <Campo
              nome="letId"
              rotulo="Código do leilão na integração (LET)"
              valor={v('letId', l?.letId)}
              erros={erros}
              inputMode="numeric"
            />
            <Campo
              nome="texId"
              rotulo="Código do texto na integração (TEX)"
              valor={v('texId', l?.texId)}
              erros={erros}
              inputMode="numeric"
            />
          </div>
        </Secao>
        <Secao titulo="Local de realização">
          <div className={f.grade}>
            <Campo nome="localNome" rotulo="Nome do local" valor={v('localNome', l?.localRealizacao?.nome)} erros={erros} />
            <Campo nome="localEndereco" rotulo="Endereço" valor={v('localEndereco', l?.localRealizacao?.endereco)} erros={erros} />
            <Campo nome="localCidade" rotulo="Cidade" valor={v('localCidade', l?.localRealizacao?.cidade)} erros={erros} />
            <Campo nome="localTelefone" rotulo="Telefone" valor={v('localTelefone', l?.localRealizacao?.telefone)} erros={erros} />
          </div>
        </Secao>
        <Secao titulo="Cupons">
          <div className={f.grade}>
            <label className={f.campo}>
              <span className={f.rotulo}>Cupons (um por linha: CÓDIGO desconto%)</span>
              <textarea
                name="cupons"
                rows={4}
                className={f.entrada}
                defaultValue={v('cupons', l?.cupons.map((c) => `${c.codigo} ${pontosParaCampo(c.descontoPorcentagem)}`).join('\n'))}
              />
              {erros?.['cupons.0.codigo'] || erros?.cupons ? (
                <span className={f.erro}>{(erros['cupons.0.codigo'] ?? erros.cupons)?.[0]}</span>
              ) : null}
            </label>
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
          <Link to="/admin/leiloes">Voltar</Link>
        </div>
      </Form>
      {l ? (
        <Secao titulo={`Lotes do leilão (${l.leiloesLotes.length})`}>
          <TabelaRolavel rotulo="Leilão">
            <table className={f.tabela} data-testid="lotes-do-leilao">
              <thead>
                <tr>
                  <th>Lote</th>
                  <th>Nome</th>
                  <th>Situação</th>
                  <th>Mínimo</th>
                  <th>Fotos</th>
                </tr>
              </thead>
              <tbody>
                {l.leiloesLotes.slice(0, 200).map((x) => (
                  <tr key={x.id}>
                    <td>
                      <Link to={`/admin/lotes/${x.loteId}`}>{x.numero}</Link>
                    </td>
                    <td>{x.nome}</td>
                    <td>{rotuloSituacao(x.situacao)}</td>
                    <td className={semQuebra}>{formatarMoeda(x.minimo)}</td>
                    <td>{x.quantidadeFotos}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {l.leiloesLotes.length > 200 ? <Link to={`/admin/lotes?leilaoId=${l.id}`}>Ver todos os lotes</Link> : null}
        </Secao>
      ) : null}
    </section>
  );
}
