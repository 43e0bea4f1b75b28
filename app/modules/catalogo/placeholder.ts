/**
 * Placeholder drawings served by us (no external images): one silhouette per lot-type family
 * (cars and utilities, motorbike, truck, tractor, equipment, real estate, scrap, aeroplane, helicopter, boat),
 * tinted with the vehicle colour,
 * plus committent logos and banners. Plain SVG strings; inputs are whitelisted or escaped.
 */
const CORES: Record<string, string> = {
  branco: '#e9edf2',
  prata: '#b8c0c8',
  preto: '#2b2f36',
  cinza: '#7d8590',
  vermelho: '#c0392b',
  azul: '#2e5fa8',
  verde: '#2e8b57',
  bege: '#d8c7a3',
  amarelo: '#e8b923',
  marrom: '#7b5236',
};
const FUNDOS = ['#dfe7ef', '#e8e2d8', '#dde8e0', '#e6e0ea', '#e2e6e8', '#efe6dc', '#dfe3ec', '#e4ece6'];

const SILHUETAS: Record<string, (cor: string) => string> = {
  carro: (c) =>
    `<path d="M70 250 L110 190 Q125 170 160 168 L330 168 Q365 170 390 195 L440 235 Q480 240 500 260 L505 300 L60 300 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M135 200 L165 178 L255 178 L255 225 L125 225 Z M270 178 L330 178 Q355 180 375 200 L395 225 L270 225 Z" fill="#9fc3de" stroke="#333" stroke-width="3"/><circle cx="150" cy="300" r="36" fill="#222"/><circle cx="150" cy="300" r="16" fill="#bbb"/><circle cx="420" cy="300" r="36" fill="#222"/><circle cx="420" cy="300" r="16" fill="#bbb"/>`,
  // A motorbike, not a bicycle: fat tyres, engine block, tank, seat, fork, headlight and exhaust.
  moto: (c) =>
    `<path d="M265 282 Q200 306 108 292" fill="none" stroke="#9aa0a6" stroke-width="12" stroke-linecap="round"/><g fill="#1f1f1f"><circle cx="150" cy="282" r="54"/><circle cx="418" cy="282" r="54"/></g><g fill="#8d949b"><circle cx="150" cy="282" r="27"/><circle cx="418" cy="282" r="27"/></g><g fill="#333"><circle cx="150" cy="282" r="9"/><circle cx="418" cy="282" r="9"/></g><path d="M150 282 L262 250" stroke="#444" stroke-width="13" stroke-linecap="round"/><rect x="228" y="222" width="86" height="64" rx="9" fill="#4a4f55" stroke="#222" stroke-width="3"/><path d="M236 238 H306 M236 252 H306 M236 266 H306" stroke="#777" stroke-width="4"/><path d="M252 216 L318 258 M318 200 L372 176" stroke="#444" stroke-width="11" stroke-linecap="round"/><path d="M372 172 L418 282" stroke="#b8bec4" stroke-width="13" stroke-linecap="round"/><path d="M112 232 Q132 204 196 206 L202 222 Q160 224 132 248 Z" fill="${c}" stroke="#333" stroke-width="3"/><path d="M160 206 Q172 190 250 194 L254 212 L166 216 Z" fill="#1f1f1f"/><path d="M246 200 Q262 168 322 170 Q362 174 370 204 L342 224 L252 222 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M372 244 Q418 214 462 246" fill="none" stroke="${c}" stroke-width="11" stroke-linecap="round"/><path d="M348 158 L382 148 L398 164" fill="none" stroke="#222" stroke-width="8" stroke-linecap="round"/><circle cx="396" cy="186" r="15" fill="#f5e6a8" stroke="#333" stroke-width="3"/>`,
  // A truck: cab with windscreen and door, a cargo box, the chassis and three wheels with rims.
  pesado: (c) =>
    `<rect x="40" y="108" width="300" height="162" rx="4" fill="#eef1f4" stroke="#333" stroke-width="4"/><rect x="40" y="226" width="300" height="14" fill="${c}"/><path d="M346 138 L438 138 Q468 140 478 170 L494 228 L494 276 L346 276 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M400 150 L438 150 Q458 152 466 176 L476 214 L400 214 Z" fill="#9fc3de" stroke="#333" stroke-width="3"/><path d="M390 150 V270" stroke="#333" stroke-width="3"/><rect x="370" y="222" width="14" height="5" rx="2" fill="#333"/><rect x="36" y="268" width="466" height="16" fill="#333"/><rect x="482" y="250" width="22" height="30" rx="3" fill="#555"/><rect x="488" y="232" width="12" height="12" fill="#f5e6a8" stroke="#333" stroke-width="2"/><path d="M478 150 L498 146 L498 176" fill="none" stroke="#333" stroke-width="5"/><g fill="#1f1f1f"><circle cx="110" cy="296" r="34"/><circle cx="190" cy="296" r="34"/><circle cx="428" cy="296" r="34"/></g><g fill="#b8bec4"><circle cx="110" cy="296" r="14"/><circle cx="190" cy="296" r="14"/><circle cx="428" cy="296" r="14"/></g>`,
  // A farm tractor: the big rear wheel under its fender, a small front wheel, the bonnet, the cab, the exhaust.
  trator: (c) =>
    `<rect x="404" y="118" width="11" height="86" rx="3" fill="#444"/><path d="M238 198 L462 198 Q478 198 482 214 L488 268 L238 268 Z" fill="${c}" stroke="#333" stroke-width="4"/><rect x="474" y="206" width="14" height="56" fill="#444"/><path d="M262 214 H440 M262 230 H440" stroke="#333" stroke-width="3" opacity=".5"/><path d="M152 86 L292 86 L302 202 L142 202 Z" fill="#9fc3de" fill-opacity=".55" stroke="#333" stroke-width="8" stroke-linejoin="round"/><rect x="134" y="72" width="178" height="18" rx="4" fill="${c}" stroke="#333" stroke-width="4"/><path d="M222 88 V200" stroke="#333" stroke-width="6"/><circle cx="172" cy="252" r="82" fill="#1f1f1f"/><circle cx="172" cy="252" r="76" fill="none" stroke="#3a3a3a" stroke-width="10" stroke-dasharray="12 9"/><circle cx="172" cy="252" r="42" fill="#e8b923" stroke="#333" stroke-width="4"/><circle cx="172" cy="252" r="13" fill="#333"/><path d="M78 246 Q84 156 172 154 Q260 156 268 240 L248 240 Q240 176 172 174 Q106 176 98 246 Z" fill="${c}" stroke="#333" stroke-width="4"/><circle cx="432" cy="290" r="44" fill="#1f1f1f"/><circle cx="432" cy="290" r="21" fill="#e8b923" stroke="#333" stroke-width="3"/><circle cx="432" cy="290" r="7" fill="#333"/>`,
  equipamento: (c) =>
    `<rect x="120" y="190" width="220" height="80" rx="8" fill="${c}" stroke="#333" stroke-width="4"/><rect x="200" y="130" width="90" height="60" fill="#9fc3de" stroke="#333" stroke-width="4"/><path d="M340 210 L430 140 L480 200 L450 260 L410 250 L440 205 L420 185 L350 240 Z" fill="${c}" stroke="#333" stroke-width="4"/><rect x="100" y="270" width="260" height="40" rx="20" fill="#333"/>`,
  imovel: (c) =>
    `<path d="M150 200 L290 100 L430 200 Z" fill="#a0522d" stroke="#333" stroke-width="4"/><rect x="170" y="200" width="240" height="110" fill="${c}" stroke="#333" stroke-width="4"/><rect x="270" y="240" width="45" height="70" fill="#7b5236"/><rect x="190" y="225" width="50" height="40" fill="#9fc3de" stroke="#333" stroke-width="3"/><rect x="340" y="225" width="50" height="40" fill="#9fc3de" stroke="#333" stroke-width="3"/>`,
  sucata: (c) =>
    `<path d="M70 260 L120 200 L200 215 L230 180 L330 190 L360 230 L450 240 L500 290 L60 300 Z" fill="${c}" stroke="#333" stroke-width="4" stroke-dasharray="14 6"/><path d="M150 205 L210 220 L190 250 Z M300 200 L330 205 L345 235 L290 232 Z" fill="#555"/><circle cx="150" cy="300" r="32" fill="#222"/><ellipse cx="420" cy="305" rx="34" ry="18" fill="#222"/><path d="M240 120 l20 30 l-30 0 z" fill="#e67e22"/>`,
  aviao: (c) =>
    `<path d="M95 205 L65 110 L115 110 L175 200 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M70 228 Q78 198 135 198 L425 194 Q488 194 505 224 Q488 252 425 252 L135 252 Q78 252 70 228 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M452 204 Q484 207 494 222 L452 222 Z" fill="#9fc3de" stroke="#333" stroke-width="3"/><g fill="#9fc3de" stroke="#333" stroke-width="2"><circle cx="250" cy="216" r="9"/><circle cx="290" cy="216" r="9"/><circle cx="330" cy="216" r="9"/><circle cx="370" cy="216" r="9"/><circle cx="410" cy="216" r="9"/></g><path d="M255 232 L335 232 L270 318 L215 318 Z" fill="${c}" stroke="#333" stroke-width="4"/><rect x="505" y="186" width="9" height="78" rx="4" fill="#444"/><path d="M200 252 L200 300 M420 252 L420 300" stroke="#333" stroke-width="6"/><circle cx="200" cy="308" r="16" fill="#222"/><circle cx="420" cy="308" r="16" fill="#222"/>`,
  helicoptero: (c) =>
    `<rect x="80" y="100" width="420" height="10" rx="5" fill="#444"/><rect x="285" y="108" width="12" height="34" fill="#444"/><path d="M190 190 L45 176 L45 198 L190 222 Z" fill="${c}" stroke="#333" stroke-width="4"/><circle cx="48" cy="187" r="30" fill="none" stroke="#444" stroke-width="5"/><path d="M185 190 Q185 142 255 142 L335 142 Q405 148 415 212 Q410 262 335 262 L225 262 Q185 257 185 190 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M342 152 Q396 162 402 208 L342 208 Z" fill="#9fc3de" stroke="#333" stroke-width="3"/><path d="M230 262 L220 305 M360 262 L372 305 M185 305 L415 305" stroke="#333" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  embarcacao: (c) =>
    `<rect x="-200" y="285" width="960" height="130" fill="#7fb3d5"/><path d="M60 225 L505 225 L455 300 L115 300 Z" fill="${c}" stroke="#333" stroke-width="4"/><path d="M190 225 L225 172 L365 172 L395 225 Z" fill="#f4f6f8" stroke="#333" stroke-width="4"/><path d="M238 182 L352 182 L372 216 L222 216 Z" fill="#9fc3de" stroke="#333" stroke-width="3"/><path d="M120 262 L470 262" stroke="#f4f6f8" stroke-width="6"/><path d="M20 330 q30 -14 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0" fill="none" stroke="#2e86c1" stroke-width="5"/>`,
};
export const TIPOS_PLACEHOLDER = Object.keys(SILHUETAS);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function fotoPlaceholder(tipo: string, cor: string, n: number): string | null {
  const desenho = SILHUETAS[tipo];
  if (!desenho) return null;
  const fundo = FUNDOS[Math.abs(n) % FUNDOS.length];
  const tinta = CORES[cor] ?? CORES.cinza;
  // Each photo index shows the drawing from a slightly different "angle" (mirror, zoom).
  const transformacao =
    n % 4 === 2
      ? 'translate(560 0) scale(-1 1)'
      : n % 4 === 3
        ? 'translate(-60 -40) scale(1.2)'
        : n % 4 === 0
          ? 'translate(40 20) scale(0.85)'
          : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 560 400" width="560" height="400" role="img" aria-label="Foto ilustrativa"><rect width="560" height="400" fill="${fundo}"/><rect y="330" width="560" height="70" fill="#c9ccd1"/><g transform="${transformacao}">${desenho(tinta)}</g><text x="20" y="380" font-family="sans-serif" font-size="18" fill="#555">Foto ilustrativa ${n}</text></svg>`;
}

const PALETA = ['#0b3d91', '#0f7b4a', '#8e44ad', '#c0392b', '#d35400', '#16a085', '#2c3e50'];
export function logoPlaceholder(iniciais: string, indice: number): string {
  const cor = PALETA[Math.abs(indice) % PALETA.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 80" width="160" height="80"><rect width="160" height="80" rx="10" fill="${cor}"/><text x="80" y="52" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="34" fill="#fff">${esc(iniciais.slice(0, 3))}</text></svg>`;
}

const BANNER_CORES: Record<string, [string, string]> = {
  home: ['#0b3d91', '#2e86de'],
  home2: ['#1e8449', '#58d68d'],
  lista: ['#6c3483', '#a569bd'],
  entre: ['#b9770e', '#f5b041'],
  cabecalho: ['#1b2631', '#5d6d7e'],
};
const HEX = /^#?([0-9a-f]{6})$/i;
/** A colour given as "#rrggbb" or "rrggbb" (a query parameter), or null: nothing else reaches the SVG. */
export const corDoBanner = (cor: string | null | undefined) => {
  const m = HEX.exec(cor ?? '');
  return m ? `#${m[1].toLowerCase()}` : null;
};
/**
 * A demo banner: the text on a gradient. `cores` are the brand's own (the seed passes them, so a green
 * brand gets no blue banner); without them, a neutral gradient per position.
 */
export function bannerPlaceholder(texto: string, posicao: string, cores?: [string | null, string | null]): string {
  const [padraoA, padraoB] = BANNER_CORES[posicao] ?? BANNER_CORES.home;
  const a = corDoBanner(cores?.[0]) ?? padraoA;
  const b = corDoBanner(cores?.[1]) ?? corDoBanner(cores?.[0]) ?? padraoB;
  const alto = posicao === 'cabecalho' || posicao === 'entre' ? 160 : 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1140 ${alto}" width="1140" height="${alto}"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1140" height="${alto}" fill="url(#g)"/><rect width="1140" height="${alto}" fill="#000" fill-opacity=".18"/><text x="60" y="${alto / 2 + 14}" font-family="sans-serif" font-weight="700" font-size="${alto > 200 ? 52 : 40}" fill="#fff">${esc(texto.slice(0, 60))}</text></svg>`;
}
