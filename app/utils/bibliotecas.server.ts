/**
 * Libraries that only some requests use (spreadsheets, PDFs, images, barcodes, mail, push), loaded on their
 * first use instead of when the server starts (decision 297): together they were over a second of a
 * restart's module loading, for pages a visitor never opens. Each loader answers the same module object every
 * time; a load that failed is tried again on the next use.
 */
function naPrimeiraVez<T>(carregar: () => Promise<T>): () => Promise<T> {
  let carregando: Promise<T> | undefined;
  return () =>
    (carregando ??= carregar().catch((erro: unknown) => {
      carregando = undefined;
      throw erro;
    }));
}

export const exceljs = naPrimeiraVez(async () => (await import('exceljs')).default);
export const pdfkit = naPrimeiraVez(async () => (await import('pdfkit')).default);
export const qrcode = naPrimeiraVez(async () => (await import('qrcode')).default);
export const sharp = naPrimeiraVez(async () => (await import('sharp')).default);
export const bwipjs = naPrimeiraVez(async () => (await import('bwip-js/node')).default);
export const pixUtils = naPrimeiraVez(() => import('pix-utils'));
export const nodemailer = naPrimeiraVez(async () => (await import('nodemailer')).default);
export const webpush = naPrimeiraVez(async () => (await import('web-push')).default);
export const fileType = naPrimeiraVez(() => import('file-type'));
