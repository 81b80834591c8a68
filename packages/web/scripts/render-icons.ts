/**
 * Draws the app's icons (public/icons/*.png) from the logo (public/favicon.svg) in Debian's
 * Chromium, so they are made again the same way whenever the logo changes:
 *
 *   node --import tsx packages/web/scripts/render-icons.ts
 *
 * - `icon-192.png`, `icon-512.png`: the coin as it is, on transparency (purpose "any").
 * - `icon-maskable-512.png`, `icon-maskable-192.png`: the coin's green fills the square and the ring
 *   with the K sits well inside the safe zone (a circle of 40 % of the size), so whatever shape a
 *   launcher cuts, the icon is the coin (purpose "maskable").
 * - `apple-touch-icon.png` (180 px): the maskable drawing, opaque, as iOS rounds its corners itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const web = path.resolve(import.meta.dirname, '..');
const logo = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');

/** The logo with its outer circle grown to a full square: the coin's face fills the icon. */
function fullBleed(svg: string): string {
  const withSquare = svg.replace(
    /<circle cx="16" cy="16" r="15" fill="([^"]+)"\/>/,
    '<rect width="32" height="32" fill="$1"/>',
  );
  if (withSquare === svg) throw new Error('favicon.svg no longer starts with the coin circle this script expects.');
  return withSquare;
}

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed(logo) },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(logo) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(logo) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(web, 'public/icons', file), png);
    console.log(`public/icons/${file} (${size}×${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
