import { Link, type ShouldRevalidateFunction } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { caminhoDoLote, caminhoDoPatio, mostraChave, rotuloCombustivel, situacaoDoCard, valorDoCard } from '~/modules/catalogo/regras';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { useWording } from '~/components/marca';
import { visualmenteOculto } from '../layout.css';
import type { DadosCard } from '~/modules/catalogo/card';
import { Carimbos } from './carimbos';
import { FavoritoCard, FormularioFavoritos } from './favorito-card';
import { icone as ic, type NomeIcone } from './icones-card.css';
import * as s from './catalogo.css';

export type { DadosCard };

function Linha({ icone, rotulo, children }: { icone: NomeIcone; rotulo: string; children: ReactNode }) {
  return (
    <li className={`${s.icone} ${ic[icone]}`} title={rotulo}>
      <span>
        <span className={visualmenteOculto}>{`${rotulo}: `}</span>
        {children}
      </span>
    </li>
  );
}

/** A lot card: status badge, 4 photos, icon rows, location (yard link or external warning), value. */
export function CardLote({ lote, prefixo, formularioFavorito }: { lote: DadosCard; prefixo: string; formularioFavorito?: string }) {
  const t = useWording();
  const situacao = situacaoDoCard(lote.situacao);
  const rotuloSituacao = t(`situacao.${lote.situacao}`, { defaultValue: situacao.rotulo });
  const href = caminhoDoLote(prefixo, lote);
  const comLance = lote.ultimoLanceValor != null;
  return (
    <article className={s.card} data-testid="card-lote" data-lote-id={lote.id} data-situacao={lote.situacao}>
      <span className={`${s.selo} ${s.corSelo[situacao.cor]}`} title={rotuloSituacao} data-testid="selo-situacao">
        {/* The spec's two-letter code; a shop's buyer reads a word instead ("Disponível", not "LL"). */}
        {t(`selo.${lote.situacao}`, { defaultValue: situacao.codigo })}
      </span>
      {lote.favorito !== undefined && formularioFavorito ? (
        <div className={s.favorito}>
          <FavoritoCard loteId={lote.id} favorito={lote.favorito} formulario={formularioFavorito} />
        </div>
      ) : null}
      {/* The photo strip scrolls sideways: focusable, so keyboard users can scroll it too (axe scrollable-region-focusable). */}
      <div
        className={s.fotos}
        tabIndex={0}
        role="region"
        aria-label={t('catalogo.fotos_do_lote', { numero: lote.numero, nome: lote.nome })}
      >
        {lote.fotosUrls.slice(0, 4).map((url, i) => (
          <img
            key={url + i}
            src={url}
            alt={`${lote.nome}: ${t('catalogo.fotos_de', { n: i + 1, total: Math.min(4, lote.fotosUrls.length) })}`}
            loading="lazy"
            width={350}
            height={250}
          />
        ))}
      </div>
      <div className={s.corpo}>
        <p className={s.subtitulo}>{`${t('catalogo.lote_numero', { numero: lote.numero })} · ${rotuloSituacao}`}</p>
        <h3 className={s.tituloCard}>
          <Link to={href} prefetch="intent">
            {lote.nome}
          </Link>
        </h3>
        {lote.carimbos.length ? (
          <Carimbos carimbos={lote.carimbos.map((c) => ({ nome: c.nome, url: c.urlCard, link: c.link }))} altura={24} />
        ) : null}
        <ul className={s.icones}>
          {lote.anoModelo ? (
            <Linha icone="ano" rotulo={t('catalogo.ano')}>
              {`${lote.anoFabricacao ?? lote.anoModelo}/${lote.anoModelo}`}
            </Linha>
          ) : null}
          {lote.km != null ? (
            <Linha icone="km" rotulo={t('catalogo.km')}>
              {`${formatarNumero(lote.km)} km`}
            </Linha>
          ) : null}
          {lote.valorMercado ? (
            <Linha icone="valor" rotulo={t('catalogo.valor_mercado')}>
              {formatarMoeda(lote.valorMercado, { casas: 0 })}
            </Linha>
          ) : null}
          {lote.combustivel ? (
            <Linha icone="combustivel" rotulo={t('catalogo.combustivel')}>
              {rotuloCombustivel(lote.combustivel)}
            </Linha>
          ) : null}
          {lote.cor ? (
            <Linha icone="cor" rotulo={t('catalogo.cor')}>
              {lote.cor}
            </Linha>
          ) : null}
          {lote.direcao ? (
            <Linha icone="direcao" rotulo={t('catalogo.direcao')}>
              {lote.direcao}
            </Linha>
          ) : null}
          {lote.cambio ? (
            <Linha icone="cambio" rotulo={t('catalogo.cambio')}>
              {lote.cambio}
            </Linha>
          ) : null}
          {mostraChave(lote.tipoId, lote.possuiChave) ? (
            <Linha icone="chave" rotulo={t('catalogo.possui_chave')}>
              {lote.possuiChave ? t('catalogo.com_chave') : t('catalogo.sem_chave')}
            </Linha>
          ) : null}
          <Linha icone="tipo" rotulo={t('catalogo.tipo')}>
            {lote.tipoNome}
          </Linha>
          {lote.retomada ? (
            <Linha icone="revenda" rotulo={t('catalogo.tipo_revenda')}>
              {lote.retomada}
            </Linha>
          ) : null}
        </ul>
        <div className={`${s.local} ${ic.local}`}>
          {lote.patioSlug && lote.localizacaoCidade && lote.localizacaoUf ? (
            <Link
              to={caminhoDoPatio({ cidade: lote.localizacaoCidade, estadoUf: lote.localizacaoUf, slug: lote.patioSlug })}
            >{`${lote.localizacaoCidade}/${lote.localizacaoUf}`}</Link>
          ) : (
            <span>{`${lote.localizacaoCidade}/${lote.localizacaoUf}`}</span>
          )}
        </div>
        {lote.gruposCliente.length ? (
          <p className={`${s.exclusivo} ${ic.exclusivo}`} data-testid="card-exclusivo-grupo">
            {t('catalogo.exclusivo_grupo', { grupos: lote.gruposCliente.map((g) => g.nome).join(', ') })}
          </p>
        ) : null}
        {lote.localizacaoExterna ? (
          <p className={`${s.alertaLocal} ${ic.alerta}`} data-testid="local-externo">
            {t('catalogo.local_externo')}
          </p>
        ) : null}
        {lote.prazoDocumento ? (
          <p className={`${s.dica} ${ic.prazo}`} title={t('catalogo.prazo_documento_dica')} data-testid="prazo-documento">
            {t('catalogo.prazo_documento', { dias: lote.prazoDocumento })}
          </p>
        ) : null}
        <div className={s.valor}>
          <div>
            <div className={s.valorRotulo}>
              {lote.compreJa && lote.tipo === 'Compre Já'
                ? t('catalogo.compre_ja')
                : comLance
                  ? t('catalogo.lance_atual')
                  : t('catalogo.lance_inicial')}
            </div>
            <div className={s.valorNumero} data-testid="valor-card">
              {formatarMoeda(valorDoCard(lote))}
            </div>
            {lote.quantidadeLances ? <div className={s.valorRotulo}>{t.contar('catalogo.lances_count', lote.quantidadeLances)}</div> : null}
          </div>
          {lote.dataFim ? (
            <div className={s.encerra}>
              {t('catalogo.encerramento')}
              <br />
              <time dateTime={new Date(lote.dataFim).toISOString()}>{formatarDataHora(lote.dataFim)}</time>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A grid of cards; where the page knows the visitor's favourites (`favorito`), with their hearts. */
export function GradeLotes({ lotes, prefixo }: { lotes: DadosCard[]; prefixo: string }) {
  const formulario = `favoritos${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const comFavoritos = lotes.some((l) => l.favorito !== undefined);
  return (
    <>
      {comFavoritos ? <FormularioFavoritos id={formulario} /> : null}
      <ul className={s.grade} data-testid="grade-lotes">
        {lotes.map((l) => (
          <li key={l.id}>
            <CardLote lote={l} prefixo={prefixo} formularioFavorito={comFavoritos ? formulario : undefined} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * `shouldRevalidate` of every route that shows cards: a favourite toggled on a card needs no new
 * search of the page's lots, the card's button shows the action's answer. Kept beside the card, so a
 * route that names it shares the card's chunk instead of splitting it in two (issue #16).
 */
export const revalidarCards: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === '/lances/acao' ? false : defaultShouldRevalidate;
