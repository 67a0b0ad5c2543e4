import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ViewerData } from '../../../src/viewer/viewer-data.js';
import { viewerHtml, type ViewerAssets } from '../../../src/viewer/viewer-html.js';
// @ts-expect-error: the build script is plain JavaScript, without declarations.
import { buildViewer } from '../../../src/viewer/page/build.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping. */
export const chromiumHere = existsSync(CHROMIUM) || process.env['CI'] !== undefined;

/** A viewer file open in Chromium, and what went wrong there: console errors, uncaught exceptions, any request but the file. */
export interface OpenFile {
  readonly page: Page;
  readonly problems: string[];
}

export interface ViewerBrowser {
  /** Writes `data` as a viewer file named `name` and opens it from file://; close the page after. */
  open(name: string, data: ViewerData): Promise<OpenFile>;
  /** Opens a viewer file written elsewhere (by `parlor view`) from file://; close the page after. */
  openFile(path: string): Promise<OpenFile>;
  /** Where the files are written; kept after the tests with PARLOR_KEEP_SCREENSHOTS. */
  readonly work: string;
}

/** For the tests of one describe block: the page built, Chromium started before them and closed after. */
export function viewerBrowser(prefix: string): ViewerBrowser {
  const work = mkdtempSync(join(tmpdir(), prefix));
  let browser: Browser;
  let assets: ViewerAssets;
  beforeAll(async () => {
    await buildViewer(work);
    assets = { script: readFileSync(join(work, 'viewer.js'), 'utf8'), styles: readFileSync(join(work, 'viewer.css'), 'utf8') };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (process.env['PARLOR_KEEP_SCREENSHOTS'] === undefined) rmSync(work, { recursive: true, force: true });
  });
  const openFile = async (path: string): Promise<OpenFile> => {
    const url = pathToFileURL(path).href;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => request.url() !== url && !request.url().startsWith('data:') && problems.push(`a request for ${request.url()}`));
    await page.goto(url);
    return { page, problems };
  };
  return {
    work,
    open: async (name, data) => {
      const path = join(work, name);
      writeFileSync(path, viewerHtml(data, assets));
      return openFile(path);
    },
    openFile,
  };
}
