import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aplicarCarimbos, type Carimbo } from './carimbos.server';

const preta = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();
const pixel = async (img: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
};

describe('aplicarCarimbos', () => {
  it('no stamp: the photo as it was', async () => {
    const foto = await preta(40, 30);
    expect(await aplicarCarimbos(foto, [])).toBe(foto);
  });

  it('an image stamp sits at its position, as wide as asked, with its opacity', async () => {
    const vermelho = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const c: Carimbo = { tipo: 'IMAGEM', texto: null, imagem: vermelho, posicao: 'inferior-direita', opacidade: 50, largura: 25 };
    const saida = await aplicarCarimbos(await preta(400, 300), [c], 100);
    const [r] = await pixel(saida, 390, 290);
    expect(r).toBeGreaterThan(100);
    expect(r).toBeLessThan(160);
    // Outside the 100 px stamp (25 % of 400) the photo is untouched.
    expect((await pixel(saida, 250, 290))[0]).toBeLessThan(10);
    expect((await pixel(saida, 10, 10))[0]).toBeLessThan(10);
  });

  it('a text stamp is drawn (escaped) at the centre', async () => {
    const c: Carimbo = { tipo: 'TEXTO', texto: '<MARTELO & CIA>', imagem: null, posicao: 'centro', opacidade: 100, largura: 80 };
    const saida = await aplicarCarimbos(await preta(400, 300), [c], 100);
    const { channels } = await sharp(saida).stats();
    expect(channels[0].max).toBeGreaterThan(200);
    const topo = await sharp(await sharp(saida).extract({ left: 0, top: 0, width: 400, height: 40 }).toBuffer()).stats();
    expect(topo.channels[0].max).toBeLessThan(10);
  });
});
