import { Link } from '@remix-run/react';
import type { ComponentType, CSSProperties } from 'react';
import type { ItemSessao, Sessao } from '~/modules/conteudo/blocks';
import type { Elemento } from '~/modules/conteudo/elementos';
import { formatarDataHora } from '~/utils/format';
import { botao, botaoSecundario, container } from '../layout.css';
import { linkWhatsapp, RedesSociais } from '../rodape';
import { useMarca } from '~/components/marca';
import * as s from './blocks.css';
import { Icone } from './icone';
import { BuscaRapida, FormularioContato, Newsletter } from './formularios';
import type { PropsBloco } from './props';
import {
  Agenda,
  Categorias,
  LeiloesAtivos,
  LogosComitentes,
  LotesCategoria,
  LotesDestaque,
  MapaPatios,
  Marcas,
  TabelaFrete,
} from '../catalogo/blocos-catalogo';

/**
 * One renderer per section kind. Text is always rendered as text (paragraphs split on blank lines),
 * never as HTML. Kinds that read catalogue data (lots, auctions, yards, freight) are registered by
 * the catalogue capability; a kind with no renderer is left out of the page, never shown broken.
 */

/** Internal paths go through the router; anything else opens as a normal link. */
function Destino({
  href,
  className,
  style,
  children,
}: {
  href: string;
  className?: string;
  style?: CSSProperties;
  children: React.ReactNode;
}) {
  return href.startsWith('/') ? (
    <Link to={href} className={className} style={style} prefetch="intent">
      {children}
    </Link>
  ) : (
    <a href={href} className={className} style={style} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function Paragrafos({ texto }: { texto: string | null }) {
  if (!texto) return null;
  return (
    <>
      {texto.split(/\n\s*\n/).map((p, i) => (
        <p key={i}>{p.trim()}</p>
      ))}
    </>
  );
}

const COR_HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/**
 * An item's own text and background colours (corTexto, corFundo), for the renderers that draw an item
 * as a box. The builder stores only validated colours; anything else is still ignored here.
 */
export function estiloDoItem(item: Pick<ItemSessao, 'corTexto' | 'corFundo'>): CSSProperties | undefined {
  const estilo: CSSProperties = {};
  if (item.corTexto && COR_HEX.test(item.corTexto)) estilo.color = item.corTexto;
  if (item.corFundo && COR_HEX.test(item.corFundo)) estilo.background = item.corFundo;
  return estilo.color || estilo.background ? estilo : undefined;
}

const Titulo = ({ sessao, item }: { sessao: Sessao; item?: ItemSessao }) => (
  <h2 className={s.tituloSecao}>{item?.titulo ?? sessao.nome}</h2>
);

function BarraAviso({ sessao }: PropsBloco) {
  const [item] = sessao.itens;
  return (
    <div className={s.aviso} role="note" style={estiloDoItem(item)}>
      {item.texto}
      {item.link ? <Destino href={item.link}>{item.textoBotao ?? 'Saiba mais'}</Destino> : null}
    </div>
  );
}

function BannerCarrossel({ sessao }: PropsBloco) {
  return (
    <section aria-roledescription="carrossel" aria-label={sessao.nome}>
      <div className={s.carrossel} tabIndex={0} role="region" aria-label={`Slides: ${sessao.nome}`}>
        {sessao.itens.map((item, i) => (
          <div
            key={item.uid}
            className={s.slide}
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${sessao.itens.length}`}
            id={`slide-${item.uid}`}
            style={{
              ...estiloDoItem(item),
              ...(item.imagem
                ? { backgroundImage: `linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,.35)), url("${encodeURI(item.imagem)}")` }
                : {}),
            }}
          >
            <div className={container}>
              {i === 0 ? <h1 className={s.slideTitulo}>{item.titulo}</h1> : <h2 className={s.slideTitulo}>{item.titulo}</h2>}
              {item.subtitulo ? <p className={s.slideSubtitulo}>{item.subtitulo}</p> : null}
              {item.link && item.textoBotao ? (
                <Destino href={item.link} className={botaoSecundario}>
                  {item.textoBotao}
                </Destino>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {sessao.itens.length > 1 ? (
        <div className={s.pontos}>
          {sessao.itens.map((item, i) => (
            <a key={item.uid} href={`#slide-${item.uid}`} className={s.ponto} aria-label={`Ir para o slide ${i + 1}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function TituloSecao({ sessao }: PropsBloco) {
  return <Titulo sessao={sessao} item={sessao.itens[0]} />;
}

function Texto({ sessao }: PropsBloco) {
  return (
    <section className={s.texto}>
      {sessao.itens.map((item) => (
        <div key={item.uid} style={estiloDoItem(item)}>
          {item.titulo ? <h2 className={s.tituloSecao}>{item.titulo}</h2> : null}
          <Paragrafos texto={item.texto} />
          {item.link && item.textoBotao ? (
            <Destino href={item.link} className={botao}>
              {item.textoBotao}
            </Destino>
          ) : null}
        </div>
      ))}
    </section>
  );
}

function TextoImagem({ sessao }: PropsBloco) {
  return (
    <section>
      {sessao.itens.map((item) => (
        <div key={item.uid} className={s.textoImagem} style={estiloDoItem(item)}>
          <div>
            {item.titulo ? <h2 className={s.tituloSecao}>{item.titulo}</h2> : null}
            <Paragrafos texto={item.texto} />
          </div>
          {item.imagem ? <img src={item.imagem} alt={item.subtitulo ?? item.titulo ?? ''} loading="lazy" /> : null}
        </div>
      ))}
    </section>
  );
}

function Imagem({ sessao }: PropsBloco) {
  return (
    <section>
      {sessao.itens.map((item) => {
        const img = (
          <picture key={item.uid}>
            {item.imagemMobile ? <source media="(max-width: 600px)" srcSet={item.imagemMobile} /> : null}
            <img src={item.imagem ?? ''} alt={item.titulo ?? ''} loading="lazy" style={{ width: '100%' }} />
          </picture>
        );
        return item.link ? (
          <Destino key={item.uid} href={item.link}>
            {img}
          </Destino>
        ) : (
          img
        );
      })}
    </section>
  );
}

/** Steps, differentials, payment methods, icon lists, link cards: a grid of cards. */
function Cartoes({ sessao, numerar = false }: PropsBloco & { numerar?: boolean }) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <div className={s.cards}>
        {sessao.itens.map((item, i) => {
          const conteudo = (
            <>
              <div className={s.cardIcone}>{numerar ? <span>{i + 1}</span> : <Icone nome={item.icone} reserva={String(i + 1)} />}</div>
              <h3 className={s.cardTitulo}>{item.titulo}</h3>
              <p className={s.cardTexto}>{item.texto}</p>
            </>
          );
          return item.link ? (
            <Destino key={item.uid} href={item.link} className={s.card} style={estiloDoItem(item)}>
              {conteudo}
            </Destino>
          ) : (
            <div key={item.uid} className={s.card} style={estiloDoItem(item)}>
              {conteudo}
            </div>
          );
        })}
      </div>
    </section>
  );
}

function Numeros({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <div className={s.numeros}>
        {sessao.itens.map((item) => (
          <div key={item.uid} style={estiloDoItem(item)}>
            <div className={s.numero}>{item.titulo}</div>
            <div>{item.subtitulo}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

function PerguntasFrequentes({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      {sessao.itens.map((item) => (
        <details key={item.uid} className={s.pergunta} style={estiloDoItem(item)}>
          <summary>{item.titulo}</summary>
          <Paragrafos texto={item.texto} />
        </details>
      ))}
    </section>
  );
}

function ChamadaAcao({ sessao }: PropsBloco) {
  const [item] = sessao.itens;
  return (
    <section className={s.chamada} style={estiloDoItem(item)}>
      <h2 className={s.chamadaTitulo}>{item.titulo}</h2>
      <Paragrafos texto={item.texto} />
      {item.link && item.textoBotao ? (
        <Destino href={item.link} className={botaoSecundario}>
          {item.textoBotao}
        </Destino>
      ) : null}
    </section>
  );
}

function Depoimentos({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <div className={s.cards}>
        {sessao.itens.map((item) => (
          <figure key={item.uid} className={s.depoimento} style={estiloDoItem(item)}>
            <blockquote style={{ margin: 0 }}>{item.texto}</blockquote>
            <figcaption>
              — {item.titulo}
              {item.subtitulo ? `, ${item.subtitulo}` : ''}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

function Galeria({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <div className={s.galeria}>
        {sessao.itens.map((item) => (
          <img key={item.uid} src={item.imagem ?? ''} alt={item.titulo ?? ''} loading="lazy" />
        ))}
      </div>
    </section>
  );
}

function Logos({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <div className={s.logos}>
        {sessao.itens.map((item) => {
          const img = <img src={item.imagem ?? ''} alt={item.titulo ?? ''} height={48} loading="lazy" />;
          return item.link ? (
            <Destino key={item.uid} href={item.link}>
              {img}
            </Destino>
          ) : (
            <span key={item.uid}>{img}</span>
          );
        })}
      </div>
    </section>
  );
}

/** YouTube or Vimeo address → privacy-friendly embed. Anything else is not embedded. */
export function enderecoDeVideo(link: string | null): string | null {
  if (!link) return null;
  const yt = /(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(link);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /vimeo\.com\/(?:video\/)?(\d{6,12})/.exec(link);
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : null;
}

function Video({ sessao }: PropsBloco) {
  return (
    <section>
      {sessao.itens.map((item) => {
        const src = enderecoDeVideo(item.link);
        return src ? (
          <div key={item.uid}>
            {item.titulo ? <h2 className={s.tituloSecao}>{item.titulo}</h2> : null}
            <iframe className={s.video} src={src} title={item.titulo ?? sessao.nome} loading="lazy" allowFullScreen />
          </div>
        ) : null;
      })}
    </section>
  );
}

function ContagemRegressiva({ sessao }: PropsBloco) {
  const [item] = sessao.itens;
  return (
    <section className={s.chamada} style={estiloDoItem(item)}>
      <h2 className={s.chamadaTitulo}>{item.titulo}</h2>
      {item.dataFim ? <p>até {formatarDataHora(item.dataFim)}</p> : null}
      <Paragrafos texto={item.texto} />
    </section>
  );
}

function BlocoRedesSociais({ sessao }: PropsBloco) {
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <RedesSociais className={s.logos} />
    </section>
  );
}

function BotaoWhatsapp({ sessao }: PropsBloco) {
  const { whatsappContato } = useMarca();
  if (!whatsappContato) return null;
  return (
    <a className={botao} href={linkWhatsapp(whatsappContato)} target="_blank" rel="noopener noreferrer">
      {sessao.itens[0]?.textoBotao ?? 'Fale pelo WhatsApp'}
    </a>
  );
}

function MapaLocalizacao({ sessao }: PropsBloco) {
  const { endereco, nome } = useMarca();
  if (!endereco) return null;
  const texto = `${endereco.logradouro}, ${endereco.numero} - ${endereco.bairro}, ${endereco.cidade}/${endereco.estadoSigla}`;
  const consulta = endereco.latitude !== undefined ? `${endereco.latitude},${endereco.longitude}` : `${nome} ${texto}`;
  return (
    <section>
      <h2 className={s.tituloSecao}>{sessao.nome}</h2>
      <p>{texto}</p>
      <a
        className={botao}
        href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(consulta)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Ver no mapa
      </a>
    </section>
  );
}

const Espacador = () => <div aria-hidden style={{ height: 24 }} />;

/**
 * Every section kind has its renderer: a new kind in ELEMENTOS without one does not typecheck (a
 * Partial here once let it pass and be silently skipped).
 */
export const RENDERIZADORES: Record<Elemento, ComponentType<PropsBloco>> = {
  'barra-aviso': BarraAviso,
  'banner-carrossel': BannerCarrossel,
  titulo: TituloSecao,
  texto: Texto,
  'texto-imagem': TextoImagem,
  imagem: Imagem,
  video: Video,
  galeria: Galeria,
  'contagem-regressiva': ContagemRegressiva,
  'como-funciona': (p) => <Cartoes {...p} numerar />,
  diferenciais: Cartoes,
  'formas-pagamento': Cartoes,
  'lista-icones': Cartoes,
  'cards-links': Cartoes,
  depoimentos: Depoimentos,
  'perguntas-frequentes': PerguntasFrequentes,
  numeros: Numeros,
  'chamada-acao': ChamadaAcao,
  parceiros: Logos,
  'redes-sociais': BlocoRedesSociais,
  'botao-whatsapp': BotaoWhatsapp,
  'mapa-localizacao': MapaLocalizacao,
  espacador: Espacador,
  'busca-rapida': BuscaRapida,
  'formulario-contato': FormularioContato,
  newsletter: Newsletter,
  'lotes-destaque': LotesDestaque,
  'lotes-categoria': LotesCategoria,
  'leiloes-ativos': LeiloesAtivos,
  agenda: Agenda,
  'mapa-patios': MapaPatios,
  'tabela-frete': TabelaFrete,
  'logos-comitentes': LogosComitentes,
  categorias: Categorias,
  marcas: Marcas,
};

/** The renderer of a stored kind; none for a kind this code no longer knows (left out of the page). */
export const renderizadorDe = (elemento: string): ComponentType<PropsBloco> | undefined =>
  Object.hasOwn(RENDERIZADORES, elemento) ? RENDERIZADORES[elemento as Elemento] : undefined;

/** Full-bleed by default: these kinds span the window unless the section names a container. */
export const ELEMENTOS_LARGURA_TOTAL: ReadonlySet<string> = new Set(['barra-aviso', 'banner-carrossel']);
