import { Form, Link, useLoaderData } from '@remix-run/react';
import { MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { CaixaDeHabilitacao } from '~/components/habilitacao/caixa-de-habilitacao';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import type { carregarAgenda, carregarPatio, carregarPatios } from '~/paginas/rotas-site.server';
import { caminhoDoPatio } from '~/modules/catalogo/regras';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { Aviso } from '~/components/aviso';
import { conveniencias } from '~/locales/pt-BR/conveniencias';
import { useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { container } from '~/components/layout.css';
import { CartaoLeilao } from '~/components/catalogo/blocos-catalogo';
import { GradeLotes } from '~/components/catalogo/card-lote';
import * as s from '~/components/catalogo/catalogo.css';

export function PaginaAgenda() {
  const t = useWording(paginas);
  const tc = useWording(conveniencias);
  const { filtros, erro, entrar, leiloes, pagina, dados, habilitacoes } = useLoaderData<typeof carregarAgenda>();
  const filtrado = !!(filtros.mes || filtros.data || filtros.favoritos || filtros.ultimosClicados);
  return (
    <>
      {pagina ? <PaginaDeBlocos pagina={pagina} dados={dados} /> : null}
      <div className={container}>
        <h1 className={s.titulo}>{t('catalogo.agenda_titulo')}</h1>
        {/* A GET form: every filter lands in the address, so the agenda works without JavaScript and can be shared. */}
        <Form method="get" className={s.filtrosAgenda} aria-label={tc('agenda.filtros')} data-testid="agenda-filtros">
          <label>
            {t('catalogo.agenda_mes')}
            <input type="month" name="mes" defaultValue={filtros.mes ?? ''} />
          </label>
          <label>
            {tc('agenda.dia')}
            <input type="date" name="data" defaultValue={filtros.data ?? ''} />
          </label>
          <label className={s.caixaAgenda}>
            <input type="checkbox" name="favoritos" value="true" defaultChecked={filtros.favoritos} />
            {tc('agenda.favoritos')}
          </label>
          <label className={s.caixaAgenda}>
            <input type="checkbox" name="ultimosClicados" value="true" defaultChecked={filtros.ultimosClicados} />
            {tc('agenda.ultimos_clicados')}
          </label>
          <fieldset className={s.exibirAgenda}>
            <legend>{tc('agenda.exibir')}</legend>
            <label className={s.caixaAgenda}>
              <input type="radio" name="quadro" value="" defaultChecked={!filtros.quadro} />
              {tc('agenda.lista')}
            </label>
            <label className={s.caixaAgenda}>
              <input type="radio" name="quadro" value="true" defaultChecked={filtros.quadro} />
              {tc('agenda.quadro')}
            </label>
          </fieldset>
          <button type="submit" className={s.chip}>
            {tc('agenda.filtrar')}
          </button>
          {filtrado || filtros.quadro ? (
            <Link to="/agenda" className={s.chip}>
              {tc('agenda.limpar')}
            </Link>
          ) : null}
        </Form>
        {erro ? (
          <Aviso tipo="erro" testId="agenda-erro">
            {erro}
          </Aviso>
        ) : null}
        {entrar ? (
          <Aviso testId="agenda-entrar">
            {tc('agenda.entrar')} <Link to={`/login?redirectTo=${encodeURIComponent('/agenda')}`}>{tc('agenda.entrar_link')}</Link>
          </Aviso>
        ) : null}
        {leiloes.length ? (
          leiloes.map((l) => {
            const noPregao = Object.values(l.loteAoVivoMap);
            return (
              <Fragment key={l.uid}>
                <CartaoLeilao leilao={filtros.quadro ? { ...l, destaques: l.lotesDestaque } : l} />
                {noPregao.length ? (
                  <p className={s.noPregao} data-testid="agenda-no-pregao">
                    <span className={s.aoVivo}>{tc('agenda.no_pregao')}</span>
                    <span>{noPregao.map((x) => `${t('lote')} ${x.numero} · ${x.nome} · ${formatarMoeda(x.valorAtual)}`).join(' | ')}</span>
                  </p>
                ) : null}
                {habilitacoes[l.id] ? <CaixaDeHabilitacao dados={habilitacoes[l.id]} compacta /> : null}
              </Fragment>
            );
          })
        ) : erro || entrar ? null : (
          <p data-testid="agenda-vazia">{filtrado ? tc('agenda.nenhum_filtrado') : t('catalogo.nenhum_leilao')}</p>
        )}
      </div>
    </>
  );
}

export function PaginaPatios() {
  const t = useWording(paginas);
  const { patios, local, pagina, dados } = useLoaderData<typeof carregarPatios>();
  return (
    <>
      {pagina ? <PaginaDeBlocos pagina={pagina} dados={dados} /> : null}
      <div className={container}>
        <h1>{local ? t('catalogo.patios_em', { local }) : t('catalogo.patios_titulo')}</h1>
        {patios.length ? (
          <ul className={s.patios}>
            {patios.map((p) => (
              <li key={p.uid} className={s.leilaoCard} data-testid="patio">
                <h2>
                  <Link to={caminhoDoPatio(p)}>{p.nome}</Link>
                </h2>
                <p className={s.local}>
                  <MapPin aria-hidden size={15} />
                  <Link to={`/patios/${p.estadoUf.toLowerCase()}`}>{p.estado}</Link> · {p.cidade}
                </p>
                <p>{t.contar('catalogo.patio_lotes', p.quantidadeLotes)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('catalogo.nenhum_patio')}</p>
        )}
      </div>
    </>
  );
}

export function PaginaPatio() {
  const t = useWording(paginas);
  const { patio, lotes, total, leiloes } = useLoaderData<typeof carregarPatio>();
  const endereco = patio.endereco as { logradouro?: string; numero?: string; bairro?: string; cep?: string };
  return (
    <div className={container}>
      <p>
        <Link to="/patios">← {t('catalogo.patios_titulo')}</Link>
      </p>
      <h1>{patio.nome}</h1>
      <div className={s.lotePagina}>
        <section className={s.caixa}>
          <p className={s.local}>
            <MapPin aria-hidden size={15} /> {endereco.logradouro}, {endereco.numero} — {endereco.bairro}, {patio.cidade}/{patio.estadoUf},
            CEP {endereco.cep}
          </p>
          {patio.telefone ? (
            <p className={s.local}>
              <Phone aria-hidden size={15} /> <a href={`tel:${patio.telefone.replace(/\D/g, '')}`}>{patio.telefone}</a>
            </p>
          ) : null}
          {patio.explicacaoVisitacao ? <p>{patio.explicacaoVisitacao}</p> : null}
          {patio.googleMaps ? (
            <a href={patio.googleMaps} rel="noopener noreferrer" target="_blank">
              {t('catalogo.como_chegar')}
            </a>
          ) : null}
        </section>
        <section className={s.caixa}>
          <h2>{t('catalogo.leiloes_ativos')}</h2>
          {leiloes.length ? (
            <ul>
              {leiloes.map((l) => (
                <li key={l.uid}>
                  {formatarDataHora(l.data)} — {l.nomeSemData}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('catalogo.nenhum_leilao')}</p>
          )}
        </section>
      </div>
      <h2>{t.contar('catalogo.patio_lotes', total)}</h2>
      <GradeLotes lotes={lotes} prefixo={t('caminho_lista')} />
      {total > lotes.length ? (
        <p>
          <Link to={`/${t('caminho_lista')}?patio=${patio.id}`}>{t('catalogo.patio_ver_lotes')} →</Link>
        </p>
      ) : null}
    </div>
  );
}
