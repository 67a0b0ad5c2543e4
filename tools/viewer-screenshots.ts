/**
 * The replay viewer's screenshots in docs/viewer.md: a golden playthrough of each game drawn at a
 * step in its middle (each game's `screenshots` in bench/games/), written to
 * docs/images/viewer-*.png. `npm run build` first, then `node dist/tools/viewer-screenshots.js`
 * (Debian's chromium through playwright-core).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { GAME_BENCHES } from '../bench/games/index.js';
import type { GameRecord } from '../src/core/record.js';
import { viewerData } from '../src/viewer/frames.js';
import { viewerHtml } from '../src/viewer/viewer-html.js';

const root = join(import.meta.dirname, '..', '..');
const SHOTS = GAME_BENCHES.flatMap((bench) => bench.screenshots ?? []);

const assets = { script: readFileSync(join(root, 'dist/viewer/viewer.js'), 'utf8'), styles: readFileSync(join(root, 'dist/viewer/viewer.css'), 'utf8') };
const work = mkdtempSync(join(tmpdir(), 'parlor-shots-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const shot of SHOTS) {
    const record = JSON.parse(readFileSync(join(root, 'scenarios/golden', shot.file), 'utf8').split('\n')[0]!) as GameRecord;
    const page = join(work, `${shot.name}.html`);
    writeFileSync(page, viewerHtml(viewerData(record, shot.seat), assets));
    const tab = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 0.6 });
    await tab.goto(pathToFileURL(page).href);
    await tab.fill('#slider', String(Math.round(record.steps.length * shot.at)));
    await tab.evaluate('window.scrollTo(0, 0)');
    const out = join(root, 'docs/images', `viewer-${shot.name}.png`);
    await tab.screenshot({ path: out });
    await tab.close();
    console.log(out);
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
