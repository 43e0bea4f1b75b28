import { describe, expect, it } from 'vitest';
import { videoDaTransmissao } from './video';

describe('the broadcast player from the auction video URL', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      { tipo: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1' },
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ',
      { tipo: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1' },
    ],
    [
      'https://www.youtube.com/live/dQw4w9WgXcQ?si=x',
      { tipo: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1' },
    ],
    [
      'https://m.youtube.com/embed/dQw4w9WgXcQ',
      { tipo: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&playsinline=1' },
    ],
    ['https://vimeo.com/76979871', { tipo: 'vimeo', src: 'https://player.vimeo.com/video/76979871?autoplay=1&muted=1' }],
    ['https://player.vimeo.com/video/76979871', { tipo: 'vimeo', src: 'https://player.vimeo.com/video/76979871?autoplay=1&muted=1' }],
    ['https://cdn.exemplo.com.br/live/leilao.m3u8', { tipo: 'hls', src: 'https://cdn.exemplo.com.br/live/leilao.m3u8' }],
    ['http://cdn.exemplo.com.br/live/leilao.m3u8', null], // mixed content
    ['https://www.youtube.com/watch?v="><script>', null],
    ['javascript:alert(1)', null],
    ['https://exemplo.com/video.mp4', null],
    ['não é url', null],
    ['', null],
    [null, null],
  ])('%s', (url, esperado) => expect(videoDaTransmissao(url)).toEqual(esperado));
});
