/**
 * The auction's broadcast from its video URL (leilao.transmissaoUrl): a YouTube or Vimeo embed
 * (privacy-enhanced YouTube host, the only frame hosts the CSP allows), or an HLS stream (.m3u8) played
 * by hls.js (or natively by Safari). Anything else shows no player.
 */
export type Video = { tipo: 'youtube' | 'vimeo'; src: string } | { tipo: 'hls'; src: string } | null;

export function videoDaTransmissao(url: string | null | undefined): Video {
  if (!url) return null;
  const u = URL.parse(url.trim());
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return null;
  const host = u.hostname.replace(/^www\.|^m\./, '');
  const id = (v: string | null | undefined) => (v && /^[A-Za-z0-9_-]{6,20}$/.test(v) ? v : null);
  let yt: string | null = null;
  if (host === 'youtu.be') yt = id(u.pathname.slice(1));
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    yt = u.pathname === '/watch' ? id(u.searchParams.get('v')) : id(u.pathname.match(/^\/(?:embed|live|shorts)\/([^/]+)/)?.[1]);
  }
  if (yt) return { tipo: 'youtube', src: `https://www.youtube-nocookie.com/embed/${yt}?autoplay=1&mute=1&playsinline=1` };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = u.pathname.match(/(?:^|\/)(\d{5,12})(?:$|\/)/)?.[1];
    if (v) return { tipo: 'vimeo', src: `https://player.vimeo.com/video/${v}?autoplay=1&muted=1` };
  }
  if (u.protocol === 'https:' && u.pathname.endsWith('.m3u8')) return { tipo: 'hls', src: u.toString() };
  return null;
}
