import { useEffect, useRef } from 'react';
import { videoDaTransmissao } from '~/modules/aovivo/video';
import * as s from './auditorio.css';

/**
 * The auction's broadcast: a YouTube/Vimeo embed, or an HLS stream through hls.js (loaded only when
 * needed; Safari plays HLS natively). Muted autoplay, as browsers allow; the viewer unmutes.
 */
export function Video({ url, semVideo, recarga = 0 }: { url: string | null; semVideo: string; recarga?: number }) {
  const video = videoDaTransmissao(url);
  const ref = useRef<HTMLVideoElement>(null);
  const src = video?.tipo === 'hls' ? video.src : null;
  useEffect(() => {
    const el = ref.current;
    if (!src || !el) return;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = src;
      return;
    }
    let destruir: (() => void) | undefined;
    let cancelado = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelado || !Hls.isSupported()) return;
      // No worker: the CSP allows no blob: scripts.
      const hls = new Hls({ lowLatencyMode: true, enableWorker: false });
      hls.loadSource(src);
      hls.attachMedia(el);
      destruir = () => hls.destroy();
    });
    return () => {
      cancelado = true;
      destruir?.();
    };
  }, [src]);
  if (!video) {
    return (
      <p className={s.semVideo} data-testid="video" data-recarga={recarga}>
        {semVideo}
      </p>
    );
  }
  return (
    <div className={s.video} data-testid="video" data-recarga={recarga}>
      {video.tipo === 'hls' ? (
        <video ref={ref} className={s.videoMidia} controls autoPlay muted playsInline />
      ) : (
        <iframe
          className={s.videoMidia}
          src={video.src}
          title="Transmissão ao vivo"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      )}
    </div>
  );
}
