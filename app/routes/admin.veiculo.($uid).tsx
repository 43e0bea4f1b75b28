import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { AbaDoVeiculo } from '~/components/backoffice/abas-veiculo';
import { EnvioDeFotos } from '~/components/backoffice/envio-fotos';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { centavosParaCampo } from '~/modules/dominio/campos';
import { centavosDoTexto } from '~/utils/numeros';
import { adicionarFotos, FOTOS_POR_ENVIO, fotosDoLote, loteAtualDoVeiculo, organizarFotos } from '~/modules/backoffice/fotos.server';
import { fotosObrigatoriasDoLote, nomearFoto } from '~/modules/operacoes/modelo-fotos.server';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { criarLote } from '~/modules/backoffice/lotes.server';
import { ABAS_EXTRAS, ehAbaExtra } from '~/modules/backoffice/estoque-rotulos';
import { adicionarDocumento, apagarDocumento, marcarVendaDireta, salvarPlaca } from '~/modules/backoffice/veiculo-abas.server';
import { PAPEIS_DETRAN } from '~/modules/consultas/tipos';
import { acaoDaAbaDetran, criarRemocao, dadosDaAba, mudarSituacaoRemocao } from '~/paginas/veiculo-abas.server';
import { alterarVeiculo, comitentesVisiveis, criarVeiculo, obterVeiculo, opcoesDoVeiculo } from '~/modules/backoffice/veiculos.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { MENSAGENS_ACESSO, PAPEIS_INTERNOS as P, temAlgumPapel } from '~/modules/dominio/papeis';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { idSchema } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';
import { listarVistorias } from '~/modules/vistorias/vistorias.server';
import { marcarDocumentosRecebidos } from '~/modules/area-comitente/documentos.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Veículo');

const ABAS = [['detalhes', 'Detalhes'], ['lotes', 'Lotes'], ['fotos', 'Fotos'], ['vistoria', 'Vistoria'], ...ABAS_EXTRAS] as const;
const ROTA_ID = 'routes/admin.veiculo.($uid)';
const PAPEIS_LEILAO = ACESSOS['/admin/leiloes'] as readonly string[];
const PAPEIS_VISTORIA = ACESSOS['/admin/vistoria'] as readonly string[];
/** Who asks for and moves removals: the removal screen's roles and the yard staff (decision 067). */
const PAPEIS_REMOCAO = [...(ACESSOS['/admin/remocao'] as readonly string[]), P.PATIO];
/** Who marks the transfer documents as received (decision 200). */
const PAPEIS_DOCUMENTOS = [P.ADM];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const aba = new URL(request.url).searchParams.get('aba') ?? 'detalhes';
  const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario: eu });
  const opcoes = await opcoesDoVeiculo({ db, hotsiteId });
  const podeLotes = temAlgumPapel(eu.papeis, PAPEIS_LEILAO);
  const podeVistorias = temAlgumPapel(eu.papeis, PAPEIS_VISTORIA);
  const podeRemover = temAlgumPapel(eu.papeis, PAPEIS_REMOCAO);
  const podeAbrirRemocao = temAlgumPapel(eu.papeis, ACESSOS['/admin/remocao'] as readonly string[]);
  const podeMarcarDocumentos = temAlgumPapel(eu.papeis, PAPEIS_DOCUMENTOS);
  if (!params.uid)
    return {
      aba: 'detalhes',
      veiculo: null,
      opcoes,
      fotos: [],
      loteDasFotos: null,
      obrigatorias: null,
      leiloes: [],
      podeLotes,
      vistorias: [],
      podeVistorias,
      podeRemover,
      podeAbrirRemocao,
      podeMarcarDocumentos,
      extra: null,
    };
  const veiculo = await obterVeiculo({ db, hotsiteId, comitentes, uid: params.uid });
  const extra = ehAbaExtra(aba) ? await dadosDaAba({ db, hotsiteId, veiculo, aba }) : null;
  const loteDasFotos = aba === 'fotos' ? await loteAtualDoVeiculo({ db, hotsiteId, veiculoUid: veiculo.uid }) : null;
  const [fotos, obrigatorias, leiloes, vistorias] = await Promise.all([
    loteDasFotos ? fotosDoLote({ db, hotsiteId, loteId: loteDasFotos }) : [],
    // The brand's photo model for this type (decision 221): the shots no photo names yet.
    loteDasFotos ? fotosObrigatoriasDoLote({ db, hotsiteId, loteId: loteDasFotos }) : null,
    aba === 'lotes' && podeLotes ? listarLeiloes({ db, hotsiteId, filtro: { porPagina: 200 } }) : null,
    aba === 'vistoria' ? listarVistorias({ db, hotsiteId, filtro: { veiculoUid: veiculo.uid, porPagina: 200 } }) : null,
  ]);
  return {
    aba,
    veiculo,
    opcoes: {
      ...opcoes,
      comitentes: comitentes === 'todos' ? opcoes.comitentes : opcoes.comitentes.filter((c) => comitentes.includes(c.id)),
    },
    fotos,
    loteDasFotos,
    obrigatorias,
    leiloes: (leiloes?.itens ?? [])
      .filter((l) => ['EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO'].includes(l.situacao))
      .map((l) => ({ id: l.id, nome: l.nome })),
    podeLotes,
    vistorias: vistorias?.itens ?? [],
    podeVistorias,
    podeRemover,
    podeAbrirRemocao,
    podeMarcarDocumentos,
    extra,
  };
}

const fotoId = (v: unknown) => idSchema('Foto inválida').parse(v);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request, { arquivos: FOTOS_POR_ENVIO, bytesPorArquivo: 10_000_000, bytesTotal: 60_000_000 });
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    if (campos._acao === 'salvar') {
      const entrada = { ...campos, valorMercado: centavosDoTexto(campos.valorMercado ?? ''), sinistro: campos.sinistro ?? 'false' };
      if (!params.uid) {
        const novo = await criarVeiculo({ db, hotsiteId, usuario: eu, entrada });
        return redirect(`/admin/veiculo/${novo.uid}`);
      }
      await alterarVeiculo({ db, hub: context.hub, hotsiteId, usuario: eu, uid: params.uid, entrada });
      return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
    }
    if (!params.uid) throw new ErroHttp(404, 'Veículo não encontrado');
    const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario: eu });
    const veiculo = await obterVeiculo({ db, hotsiteId, comitentes, uid: params.uid });
    if (campos._acao === 'novo-lote') {
      if (!temAlgumPapel(eu.papeis, PAPEIS_LEILAO)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(PAPEIS_LEILAO));
      const leilaoId = idSchema('Escolha o leilão').parse(campos.leilaoId);
      const r = await criarLote({
        db,
        hub: context.hub,
        hotsiteId,
        usuarioId: eu.id,
        leilaoId,
        entrada: {
          veiculoUid: veiculo.uid,
          minimo: centavosDoTexto(campos.minimo ?? ''),
          incremento: centavosDoTexto(campos.incremento ?? ''),
          tipo: campos.tipo || 'Disputa',
        },
      });
      return redirect(`/admin/lotes/${r.id}`);
    }
    const aba = { db, hub: context.hub, hotsiteId, usuarioId: eu.id, veiculo };
    const feito = (mensagem: string) => ({ ok: true as const, mensagem, erros: {}, valores: {} });
    if (campos._acao === 'remocao-nova' || campos._acao === 'remocao-situacao') {
      if (!temAlgumPapel(eu.papeis, PAPEIS_REMOCAO)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(PAPEIS_REMOCAO));
      if (campos._acao === 'remocao-nova') {
        await criarRemocao({ ...aba, entrada: { ...campos, valorSugerido: centavosDoTexto(campos.valorSugerido ?? '') } });
        return feito('Remoção solicitada');
      }
      await mudarSituacaoRemocao({ ...aba, entrada: campos });
      return feito('Remoção atualizada');
    }
    if (campos._acao === 'detran-sincronizar' || campos._acao === 'consultas-atualizar') {
      // Issue #31: each call waits at most CONSULTAS_TIMEOUT_MS for its provider, then answers.
      if (campos._acao === 'detran-sincronizar' && !temAlgumPapel(eu.papeis, PAPEIS_DETRAN))
        throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(PAPEIS_DETRAN));
      return feito(await acaoDaAbaDetran({ ...aba, provedores: context.provedores, acao: campos._acao }));
    }
    if (campos._acao === 'venda-direta') {
      if (!temAlgumPapel(eu.papeis, PAPEIS_LEILAO)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(PAPEIS_LEILAO));
      await marcarVendaDireta({ ...aba, entrada: { vendaDireta: campos.vendaDireta ?? 'false' } });
      return feito('Salvo com sucesso');
    }
    if (campos._acao === 'placa') {
      await salvarPlaca({ ...aba, entrada: campos });
      return feito('Salvo com sucesso');
    }
    if (campos._acao === 'documento') {
      const x = form.get('documento');
      const arquivo = x && typeof x !== 'string' && x.size > 0 ? { nome: x.name, conteudo: Buffer.from(await x.arrayBuffer()) } : null;
      await adicionarDocumento({ ...aba, descricao: campos.descricao, arquivo });
      return feito('Documento enviado');
    }
    if (campos._acao === 'documentos-recebidos') {
      if (!temAlgumPapel(eu.papeis, PAPEIS_DOCUMENTOS)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(PAPEIS_DOCUMENTOS));
      const em = await marcarDocumentosRecebidos({ db, hotsiteId, usuarioId: eu.id, veiculoId: veiculo.id, entrada: campos });
      return feito(em ? 'Documentos marcados como recebidos' : 'Documentos marcados como pendentes');
    }
    if (campos._acao === 'documento-apagar') {
      await apagarDocumento({ ...aba, uid: campos.uid });
      return feito('Item apagado com sucesso');
    }
    const loteId = await loteAtualDoVeiculo({ db, hotsiteId, veiculoUid: veiculo.uid });
    if (!loteId) throw new ErroHttp(409, 'Cadastre um lote para este veículo antes de enviar fotos');
    const base = { db, hub: context.hub, hotsiteId, loteId };
    if (campos._acao === 'fotos') {
      const arquivos = await Promise.all(
        form
          .getAll('fotos')
          .filter((x): x is File => typeof x !== 'string' && x.size > 0)
          .map(async (x) => ({ nome: x.name, conteudo: Buffer.from(await x.arrayBuffer()) })),
      );
      const fotos = await adicionarFotos({ ...base, arquivos });
      const { faltando } = await fotosObrigatoriasDoLote({ db, hotsiteId, loteId });
      return {
        ok: true as const,
        mensagem: `${arquivos.length} ${arquivos.length === 1 ? 'foto enviada' : 'fotos enviadas'} (${fotos.length} no lote)${
          faltando.length ? `. Fotos obrigatórias que faltam: ${faltando.join(', ')}` : ''
        }`,
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'foto-posicao') {
      const { faltando } = await nomearFoto({ db, hotsiteId, loteId, entrada: campos });
      return feito(faltando.length ? `Foto atualizada. Faltam: ${faltando.join(', ')}` : 'Foto atualizada. Nenhuma foto obrigatória falta');
    }
    if (campos._acao === 'foto-capa') await organizarFotos({ ...base, acao: { tipo: 'capa', id: fotoId(campos.fotoId) } });
    else if (campos._acao === 'foto-remover') await organizarFotos({ ...base, acao: { tipo: 'remover', id: fotoId(campos.fotoId) } });
    else if (campos._acao === 'foto-esquerda' || campos._acao === 'foto-direita') {
      const atuais = (await fotosDoLote({ db, hotsiteId, loteId })).map((x) => x.id);
      const id = fotoId(campos.fotoId);
      const i = atuais.indexOf(id);
      const j = campos._acao === 'foto-esquerda' ? i - 1 : i + 1;
      if (i < 0) throw new ErroHttp(404, 'Foto não encontrada');
      if (j >= 0 && j < atuais.length) {
        [atuais[i], atuais[j]] = [atuais[j], atuais[i]];
        await organizarFotos({ ...base, acao: { tipo: 'ordem', ids: atuais } });
      }
    } else throw new ErroHttp(400, 'Ação desconhecida');
    return { ok: true as const, mensagem: 'Fotos atualizadas', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function Veiculo() {
  const {
    aba,
    veiculo: v,
    opcoes,
    fotos,
    loteDasFotos,
    obrigatorias,
    leiloes,
    podeLotes,
    vistorias,
    podeVistorias,
    podeRemover,
    podeAbrirRemocao,
    podeMarcarDocumentos,
    extra,
  } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const val = (campo: string, atual: unknown) =>
    r && !r.ok && r.valores[campo] !== undefined ? r.valores[campo] : atual == null ? '' : String(atual);
  const erros = r?.erros;
  const caminho = v ? `/admin/veiculo/${v.uid}` : '/admin/veiculo';
  return (
    <section>
      <h1>{v ? v.nome : 'Novo veículo'}</h1>
      {v ? (
        <nav className={f.abas} aria-label="Abas do veículo">
          {ABAS.map(([k, nome]) => (
            <Link key={k} to={`${caminho}?aba=${k}`} className={f.aba} aria-current={aba === k ? 'page' : undefined}>
              {nome}
            </Link>
          ))}
        </nav>
      ) : null}
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {aba === 'detalhes' ? (
        <Form method="post">
          <input type="hidden" name="_acao" value="salvar" />
          <Secao titulo="Identificação">
            <div className={s.grade3}>
              <Campo nome="nome" rotulo="Nome" obrigatorio valor={val('nome', v?.nome)} erros={erros} />
              <Escolha
                nome="veiculoTipoId"
                rotulo="Tipo"
                obrigatorio
                opcoes={opcoes.tipos.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={val('veiculoTipoId', v?.veiculoTipoId)}
                erros={erros}
              />
              <Escolha
                nome="marcaId"
                rotulo="Marca"
                opcoes={opcoes.marcas.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={val('marcaId', v?.marcaId)}
                erros={erros}
              />
              <Campo nome="modelo" rotulo="Modelo" obrigatorio valor={val('modelo', v?.modelo)} erros={erros} />
              <Campo nome="versao" rotulo="Versão" valor={val('versao', v?.versao)} erros={erros} />
              <Campo nome="cor" rotulo="Cor" valor={val('cor', v?.cor)} erros={erros} />
              <Campo
                nome="anoFabricacao"
                rotulo="Ano de fabricação"
                valor={val('anoFabricacao', v?.anoFabricacao)}
                erros={erros}
                inputMode="numeric"
              />
              <Campo nome="anoModelo" rotulo="Ano do modelo" valor={val('anoModelo', v?.anoModelo)} erros={erros} inputMode="numeric" />
              <Campo
                nome="km"
                rotulo="Km"
                valor={val('km', v?.km == null ? null : formatarNumero(v.km))}
                erros={erros}
                inputMode="numeric"
              />
              <Campo nome="placa" rotulo="Placa" valor={val('placa', v?.placa)} erros={erros} />
              <Campo nome="chassi" rotulo="Chassi" valor={val('chassi', v?.chassi)} erros={erros} />
              <Campo nome="renavam" rotulo="Renavam" valor={val('renavam', v?.renavam)} erros={erros} inputMode="numeric" />
              <Campo nome="combustivel" rotulo="Combustível" valor={val('combustivel', v?.combustivel)} erros={erros} />
              <Campo nome="cambio" rotulo="Câmbio" valor={val('cambio', v?.cambio)} erros={erros} />
              <Campo nome="retomada" rotulo="Tipo de retomada" valor={val('retomada', v?.retomada)} erros={erros} />
            </div>
          </Secao>
          <Secao titulo="Comitente, pátio e valores">
            <div className={s.grade3}>
              <Escolha
                nome="comitenteId"
                rotulo="Comitente"
                opcoes={opcoes.comitentes.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={val('comitenteId', v?.comitenteId)}
                erros={erros}
              />
              <Escolha
                nome="patioId"
                rotulo="Pátio"
                opcoes={opcoes.patios.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={val('patioId', v?.patioId)}
                erros={erros}
              />
              <Escolha
                nome="carteiraId"
                rotulo="Carteira do comitente"
                opcoes={opcoes.carteiras.map((c) => ({ valor: c.id, nome: `${c.comitente} · ${c.nome}` }))}
                vazio="—"
                valor={val('carteiraId', v?.carteiraId)}
                erros={erros}
              />
              <Escolha
                nome="unidadeNegocioId"
                rotulo="Unidade de negócio"
                opcoes={opcoes.unidades.map((u) => ({ valor: u.id, nome: u.nome }))}
                vazio="—"
                valor={val('unidadeNegocioId', v?.unidadeNegocioId)}
                erros={erros}
              />
              <Escolha
                nome="estadoConservacaoId"
                rotulo="Estado de conservação"
                opcoes={opcoes.estados.map((t) => ({ valor: t.id, nome: t.nome }))}
                vazio="—"
                valor={val('estadoConservacaoId', v?.estadoConservacaoId)}
                erros={erros}
              />
              <Campo
                nome="valorMercado"
                rotulo="Valor de mercado (R$)"
                valor={val('valorMercado', centavosParaCampo(v?.valorMercado))}
                erros={erros}
                inputMode="decimal"
              />
              <Campo
                nome="prazoDocumento"
                rotulo="Prazo do documento (dias úteis)"
                valor={val('prazoDocumento', v?.prazoDocumento)}
                erros={erros}
                inputMode="numeric"
              />
              <Campo nome="videoUrl" rotulo="Vídeo" valor={val('videoUrl', v?.videoUrl)} erros={erros} />
            </div>
            <Caixa
              nome="sinistro"
              rotulo="Sinistro"
              marcado={val('sinistro', v?.sinistro) === 'true' || val('sinistro', v?.sinistro) === 'on'}
            />
            <label className={f.campo}>
              <span className={f.rotulo}>Informação complementar</span>
              <textarea
                name="informacaoComplementar"
                rows={3}
                className={f.entrada}
                defaultValue={val('informacaoComplementar', v?.informacaoComplementar)}
              />
            </label>
            <label className={f.campo}>
              <span className={f.rotulo}>Observação interna</span>
              <textarea
                name="observacaoInterna"
                rows={2}
                className={f.entrada}
                defaultValue={val('observacaoInterna', v?.observacaoInterna)}
              />
            </label>
          </Secao>
          <div className={f.acoes}>
            <button type="submit" className={botao}>
              Salvar
            </button>
            <Link to="/admin/veiculos">Voltar</Link>
          </div>
        </Form>
      ) : null}
      {aba === 'lotes' && v ? (
        <>
          <TabelaRolavel rotulo="Veículo">
            <table className={f.tabela} data-testid="lotes-do-veiculo">
              <thead>
                <tr>
                  <th>Lote</th>
                  <th>Leilão</th>
                  <th>Situação</th>
                  <th>Mínimo</th>
                  <th>Atual</th>
                  <th>Encerra</th>
                </tr>
              </thead>
              <tbody>
                {v.lotes.map((l) => (
                  <tr key={l.id}>
                    <td>{podeLotes ? <Link to={`/admin/lotes/${l.id}`}>{l.numero}</Link> : l.numero}</td>
                    <td>{l.leilaoNome ?? ''}</td>
                    <td>{rotuloSituacao(l.situacao)}</td>
                    <td className={semQuebra}>{formatarMoeda(l.minimo)}</td>
                    <td className={semQuebra}>{formatarMoeda(l.valorAtual)}</td>
                    <td>{l.dataFim ? formatarDataHora(l.dataFim) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {v.lotes.length === 0 ? <p>Este veículo ainda não está em nenhum lote.</p> : null}
          {podeLotes ? (
            <Secao titulo="Colocar em um leilão">
              <Form method="post">
                <input type="hidden" name="_acao" value="novo-lote" />
                <div className={s.grade3}>
                  <Escolha
                    nome="leilaoId"
                    rotulo="Leilão"
                    obrigatorio
                    opcoes={leiloes.map((l) => ({ valor: l.id, nome: l.nome }))}
                    vazio="—"
                    erros={erros}
                  />
                  <Campo nome="minimo" rotulo="Mínimo (R$)" obrigatorio erros={erros} inputMode="decimal" />
                  <Campo nome="incremento" rotulo="Incremento (R$)" obrigatorio erros={erros} inputMode="decimal" />
                </div>
                <button type="submit" className={botao}>
                  Criar lote
                </button>
              </Form>
            </Secao>
          ) : null}
        </>
      ) : null}
      {extra && v ? (
        <AbaDoVeiculo
          dados={extra}
          erros={erros}
          patios={opcoes.patios}
          podeRemover={podeRemover}
          podeAbrirRemocao={podeAbrirRemocao}
          podeVendaDireta={podeLotes}
          podeMarcarDocumentos={podeMarcarDocumentos}
        />
      ) : null}
      {aba === 'fotos' && v ? (
        loteDasFotos ? (
          <>
            {obrigatorias && obrigatorias.posicoes.length > 0 ? (
              <Aviso tipo={obrigatorias.faltando.length ? 'info' : 'sucesso'} testId="fotos-obrigatorias">
                {obrigatorias.faltando.length
                  ? `Fotos obrigatórias de ${obrigatorias.tipo} que faltam (${obrigatorias.faltando.length} de ${obrigatorias.posicoes.length}): ${obrigatorias.faltando.join(', ')}`
                  : `Todas as ${obrigatorias.posicoes.length} fotos obrigatórias de ${obrigatorias.tipo} foram enviadas`}
              </Aviso>
            ) : null}
            <EnvioDeFotos acao={`${caminho}?aba=fotos`} rotaId={ROTA_ID} />
            <ol className={s.fotos} data-testid="fotos-do-lote">
              {(fotos as { id: number; url: string; urlMiniatura: string | null; descricao: string | null }[]).map((x, i) => (
                <li key={x.id} className={s.foto}>
                  <img src={x.urlMiniatura ?? x.url} alt={x.descricao ?? `Foto ${i + 1}`} className={s.miniatura} loading="lazy" />
                  <span>{i === 0 ? 'Capa' : `Foto ${i + 1}`}</span>
                  {obrigatorias && obrigatorias.posicoes.length > 0 ? (
                    <Form method="post" className={s.botoesFoto}>
                      <input type="hidden" name="fotoId" value={x.id} />
                      <select name="posicao" defaultValue={x.descricao ?? ''} aria-label={`Qual foto obrigatória é a foto ${i + 1}`}>
                        <option value="">Sem nome</option>
                        {obrigatorias.posicoes.map((p) => (
                          <option key={p} value={p}>
                            {p}
                          </option>
                        ))}
                      </select>
                      <button type="submit" name="_acao" value="foto-posicao" className={s.botaoPequeno}>
                        Salvar nome
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post" className={s.botoesFoto}>
                    <input type="hidden" name="fotoId" value={x.id} />
                    {i > 0 ? (
                      <button type="submit" name="_acao" value="foto-capa" className={s.botaoPequeno}>
                        Tornar capa
                      </button>
                    ) : null}
                    {i > 0 ? (
                      <button
                        type="submit"
                        name="_acao"
                        value="foto-esquerda"
                        className={s.botaoPequeno}
                        aria-label={`Mover foto ${i + 1} para a esquerda`}
                      >
                        ←
                      </button>
                    ) : null}
                    {i < fotos.length - 1 ? (
                      <button
                        type="submit"
                        name="_acao"
                        value="foto-direita"
                        className={s.botaoPequeno}
                        aria-label={`Mover foto ${i + 1} para a direita`}
                      >
                        →
                      </button>
                    ) : null}
                    <button type="submit" name="_acao" value="foto-remover" className={s.botaoPequeno}>
                      Remover
                    </button>
                  </Form>
                </li>
              ))}
            </ol>
            {fotos.length === 0 ? <p>Nenhuma foto enviada. A primeira foto é a capa.</p> : null}
          </>
        ) : (
          <p>Cadastre um lote para este veículo antes de enviar fotos.</p>
        )
      ) : null}
      {aba === 'vistoria' && v ? (
        <>
          <TabelaRolavel rotulo="Veículo">
            <table className={f.tabela} data-testid="vistorias-do-veiculo">
              <thead>
                <tr>
                  <th>Tipo</th>
                  <th>Situação</th>
                  <th>Vistoriador</th>
                  <th>Aberta em</th>
                  <th>Realizada em</th>
                  <th>Laudo</th>
                </tr>
              </thead>
              <tbody>
                {vistorias.map((x) => (
                  <tr key={x.uid}>
                    <td>{podeVistorias ? <Link to={`/admin/vistoria/${x.uid}`}>{x.tipo}</Link> : x.tipo}</td>
                    <td>{x.situacao}</td>
                    <td>{x.vistoriador ?? ''}</td>
                    <td>{formatarDataHora(x.createdAt)}</td>
                    <td>{x.realizadaAt ? formatarDataHora(x.realizadaAt) : ''}</td>
                    <td>{x.hash ? <a href={`/laudo-vistoria/${x.hash}`}>Ver laudo</a> : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {vistorias.length === 0 ? <p>Este veículo ainda não foi vistoriado.</p> : null}
          {podeVistorias ? (
            <p>
              <Link to={`/admin/vistoria?veiculo=${v.uid}`} className={botao}>
                Nova vistoria
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
