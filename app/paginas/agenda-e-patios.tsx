import { Form, Link, useLoaderData } from '@remix-run/react';
import { MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { CaixaDeHabilitacao } from '~/components/habilitacao/caixa-de-habilitacao';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import type { carregarAgenda, carregarPatio, carregarPatios } from '~/paginas/rotas-site.server';
import { caminhoDoPatio } from '~/modules/catalogo/regras';
import { formatarDataHora } from '~/utils/format';
import { useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { container } from '~/components/layout.css';
import { CartaoLeilao } from '~/components/catalogo/blocos-catalogo';
import { GradeLotes } from '~/components/catalogo/card-lote';
import * as s from '~/components/catalogo/catalogo.css';

export function PaginaAgenda() {
  const t = useWording(paginas);
  const { mes, leiloes, pagina, dados, habilitacoes } = useLoaderData<typeof carregarAgenda>();
  return (
    <>
      {pagina ? <PaginaDeBlocos pagina={pagina} dados={dados} /> : null}
      <div className={container}>
        <div className={s.barra}>
          <h1 className={s.titulo}>{t('catalogo.agenda_titulo')}</h1>
          <Form method="get" className={s.formLinha}>
            <label>
              {t('catalogo.agenda_mes')}
              <br />
              <input type="month" name="mes" defaultValue={mes ?? ''} />
            </label>
            <button type="submit" className={s.chip}>
              {t('catalogo.agenda_ver')}
            </button>
            {mes ? (
              <Link to="/agenda" className={s.chip}>
                {t('catalogo.agenda_proximos')}
              </Link>
            ) : null}
          </Form>
        </div>
        {leiloes.length ? (
          leiloes.map((l) => (
            <Fragment key={l.uid}>
              <CartaoLeilao leilao={l} />
              {habilitacoes[l.id] ? <CaixaDeHabilitacao dados={habilitacoes[l.id]} compacta /> : null}
            </Fragment>
          ))
        ) : (
          <p data-testid="agenda-vazia">{t('catalogo.nenhum_leilao')}</p>
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
