/**
 * Screenshots of pages as a person sees them, for looking at what was built:
 * `npx tsx scripts/screenshots.ts http://localhost:3000 / /research /nope` writes PNGs to ./screenshots,
 * at 1280 and 360 px wide, in light and dark.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = 'screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const path of paths.length ? paths : ['/']) {
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${scheme}.png`;
      await page.screenshot({ path: file, fullPage: width === 360 });
      await page.close();
      console.log(file);
    }
  }
}
await browser.close();
