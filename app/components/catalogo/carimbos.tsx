import * as s from './catalogo.css';

/** One badge as a card or the lot page shows it: its image for that place, else its name. */
export interface CarimboVisivel {
  nome: string;
  url: string | null;
  link: string | null;
}

/** A lot's badges (spec 001 `carimbos`; decision 086): images or name pills, each a link when it has one. */
export function Carimbos({ carimbos, altura }: { carimbos: readonly CarimboVisivel[]; altura: number }) {
  if (!carimbos.length) return null;
  return (
    <ul className={s.carimbos} data-testid="carimbos">
      {carimbos.map((c) => {
        const corpo = c.url ? (
          <img src={c.url} alt={c.nome} title={c.nome} height={altura} className={s.carimboImagem} loading="lazy" />
        ) : (
          <span className={s.carimbo}>{c.nome}</span>
        );
        return (
          <li key={c.nome}>
            {c.link ? (
              <a href={c.link} target={/^https?:/i.test(c.link) ? '_blank' : undefined} rel="noopener noreferrer">
                {corpo}
              </a>
            ) : (
              corpo
            )}
          </li>
        );
      })}
    </ul>
  );
}
