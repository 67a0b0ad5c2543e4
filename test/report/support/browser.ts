import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping. */
export const browserAvailable = existsSync(CHROMIUM) || process.env['CI'] !== undefined;

/** What a page did while open: its console errors and uncaught exceptions, and every URL it requested. */
export interface PageLog {
  readonly url: string;
  readonly problems: string[];
  readonly requests: string[];
}

/** Opens a report file in headless Chromium and hands the page to `use`; the browser closes after. */
export async function withReportPage(file: string, use: (page: Page, log: PageLog) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const log: PageLog = { url: pathToFileURL(file).href, problems: [], requests: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') log.problems.push(message.text());
    });
    page.on('pageerror', (error) => log.problems.push(error.message));
    page.on('request', (request) => log.requests.push(request.url()));
    await page.goto(log.url);
    await use(page, log);
  } finally {
    await browser.close();
  }
}
