import { Link } from '@remix-run/react';
import { lerPropostas, type PropostaNoAparelho } from '~/components/lances/propostas-no-aparelho';
import { useEffect, useState } from 'react';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useMarca, useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { container } from '../layout.css';
import { CartaoLeilao, type LeilaoResumo } from './blocos-catalogo';
import { GradeLotes, type DadosCard } from './card-lote';
import * as s from './catalogo.css';

interface BannerInicio {
  uid: string;
  nome: string;
  imagem: string;
  urlDestino: string | null;
}
export interface DadosInicio {
  modo: 'leilao' | 'loja' | 'oferta-automatica';
  banners: { home: BannerInicio[]; entreLeiloes: BannerInicio[]; cabecalho: BannerInicio[] };
  leiloes: LeilaoResumo[];
  anuncios: DadosCard[];
}

function Banner({ banner, posicao }: { banner: BannerInicio; posicao: string }) {
  return (
    <a href={banner.urlDestino ?? '#'} data-posicao-banner={posicao}>
      <img
        src={banner.imagem}
        alt={banner.nome}
        className={posicao === 'cabecalho' ? s.bannerFaixa : s.banner}
        width={1140}
        height={posicao === 'home' ? 360 : 160}
        loading="lazy"
      />
    </a>
  );
}

/** A visitor's proposals, kept on the device (see propostas-no-aparelho.ts). */
export function MinhasPropostas() {
  const t = useWording(paginas);
  const { id } = useMarca();
  const [propostas, setPropostas] = useState<PropostaNoAparelho[] | null>(null);
  useEffect(() => setPropostas(lerPropostas(id)), [id]);
  return (
    <section className={s.caixa} data-testid="minhas-propostas">
      <h2>{t('catalogo.minhas_propostas')}</h2>
      {propostas?.length ? (
        <ul>
          {propostas.map((p) => (
            <li key={`${p.loteId}-${p.data}`}>
              {p.caminho ? <Link to={p.caminho}>{p.nome}</Link> : p.nome} — {formatarMoeda(p.valor)} ({formatarDataHora(p.data)})
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('catalogo.sem_propostas')}</p>
      )}
    </section>
  );
}

export function InicioPorModo({ dados }: { dados: DadosInicio }) {
  const t = useWording(paginas);
  const prefixo = t('caminho_lista');
  const [entre] = dados.banners.entreLeiloes;
  return (
    <div className={container} data-testid={`inicio-${dados.modo}`}>
      {dados.banners.cabecalho.map((b) => (
        <Banner key={b.uid} banner={b} posicao="cabecalho" />
      ))}
      {dados.banners.home.slice(0, 1).map((b) => (
        <Banner key={b.uid} banner={b} posicao="home" />
      ))}
      {dados.modo === 'oferta-automatica' ? <MinhasPropostas /> : null}
      {dados.modo === 'leilao' ? (
        <section>
          <h2>{t('catalogo.leiloes_ativos')}</h2>
          {dados.leiloes.length ? null : <p>{t('catalogo.nenhum_leilao')}</p>}
          {dados.leiloes.map((l, i) => (
            <div key={l.uid}>
              <CartaoLeilao leilao={l} />
              {i === 0 && entre ? <Banner banner={entre} posicao="entre-leiloes" /> : null}
            </div>
          ))}
        </section>
      ) : (
        <section>
          <h2>
            <Link to={`/${prefixo}`}>{t('catalogo.destaques')}</Link>
          </h2>
          <GradeLotes lotes={dados.anuncios} prefixo={prefixo} />
          {entre ? <Banner banner={entre} posicao="entre-leiloes" /> : null}
        </section>
      )}
    </div>
  );
}
