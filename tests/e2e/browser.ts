import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (never a downloaded browser), headless, with no background network chatter. */
export function abrirChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PASTA_SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(PASTA_SCREENSHOTS, { recursive: true });
