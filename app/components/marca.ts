import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext, useMemo } from 'react';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { adicionarRecursos, i18nPadrao, type RecursosExtras } from '~/utils/i18n';
import type { Traducao } from '~/utils/traducao';

type I18n = Traducao;
/** The page's wording instance (root.tsx provides one per page tree). */
const ContextoDeTraducao = createContext<I18n | null>(null);
export const ProvedorDeTraducao = ContextoDeTraducao.Provider;

/**
 * A brand shown inside another brand's page: the editor's live preview renders the edited brand's
 * header and blocks (with its wording) inside the operator's site.
 */
const MarcaDaPrevia = createContext<Marca | null>(null);
export const ProvedorDeMarcaDaPrevia = MarcaDaPrevia.Provider;

/** The current brand, from the root loader (or the brand being previewed). */
export function useMarca(): Marca {
  const previa = useContext(MarcaDaPrevia);
  const dados = useRouteLoaderData<{ marca: Marca }>('root');
  if (previa) return previa;
  if (!dados) throw new Error('useMarca fora da árvore do root');
  return dados.marca;
}

/**
 * `t` bound to the brand's wording: the context (i18next's, utils/traducao.ts) is the brand's tipo, so `t('lance')` reads
 * Oferta on a loja and Lance on a leilão, and no component branches on the brand. `recursos`: a
 * split-off part of the wording (e.g. locales/pt-BR/paginas.ts) this component reads, merged into
 * the instance before the first `t()`, so the server and the browser render the same text.
 *
 * The site has one language and static resources, so there is no language change to subscribe to:
 * the instance comes from a plain React context (no react-i18next; decisions/076).
 */
export function useWording(recursos?: RecursosExtras) {
  const instancia = useI18n();
  const { tipo } = useMarca();
  if (recursos) adicionarRecursos(instancia, recursos);
  return useMemo(() => wordingDe(instancia, tipo), [instancia, tipo]);
}

/** The page's wording instance (ProvedorDeTraducao's, else the module's own). */
export function useI18n(): I18n {
  return useContext(ContextoDeTraducao) ?? i18nPadrao;
}

/**
 * `t(chave, opcoes)` in the brand's wording, and `t.contar(chave, n)` for every count shown ("Nenhum
 * lance", "1 lance", "1.234 lances"; decision 124).
 */
export type Wording = ((chave: string, opcoes?: Record<string, unknown>) => string) & {
  contar(chave: string, quantidade: number, opcoes?: Record<string, unknown>): string;
};
/** One bound `t` per instance and brand type, shared by every component that asks. */
const WORDINGS = new WeakMap<I18n, Map<string, Wording>>();
function wordingDe(i18n: I18n, tipo: string): Wording {
  let porTipo = WORDINGS.get(i18n);
  if (!porTipo) WORDINGS.set(i18n, (porTipo = new Map()));
  let w = porTipo.get(tipo);
  if (w) return w;
  const t = i18n.t;
  // A key without options, the most asked, looked up by the key alone (this instance's language is fixed).
  const semOpcoes = new Map<string, string>();
  const ler = (chave: string, opcoes?: Record<string, unknown>) => {
    if (opcoes === undefined) {
      const texto = semOpcoes.get(chave);
      if (texto !== undefined) return texto;
    }
    // A key with primitive options (a count, a lot number) gives the same text every time, so texts
    // are read once per language, brand type, key and options: a list page asks ~200
    // times (4 photo captions, lot number, bid count... per card) for a few dozen distinct texts.
    let sufixo = '';
    if (opcoes) {
      for (const k in opcoes) {
        const v = opcoes[k];
        if (v !== null && typeof v === 'object') return t(chave, { context: tipo, ...opcoes });
        sufixo += `|${k}=${String(v)}`;
      }
    }
    const memo = `${i18n.language}|${tipo}|${chave}${sufixo}`;
    let texto = TEXTOS.get(memo);
    if (texto === undefined) {
      texto = t(chave, { context: tipo, ...opcoes });
      // A miss reads as the key itself: not remembered, the key may arrive later (adicionarRecursos).
      if (texto === chave) return texto;
      if (TEXTOS.size > 5_000) TEXTOS.clear();
      TEXTOS.set(memo, texto);
    }
    if (opcoes === undefined && semOpcoes.size < 5_000) semOpcoes.set(chave, texto);
    return texto;
  };
  w = Object.assign(ler, {
    contar: (chave: string, quantidade: number, opcoes?: Record<string, unknown>) =>
      i18n.contar(chave, quantidade, { context: tipo, ...opcoes }),
  });
  porTipo.set(tipo, w);
  return w;
}
/** The resources are static (bundled), so a key's text for a language, brand type and options never changes. */
const TEXTOS = new Map<string, string>();
