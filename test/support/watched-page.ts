import type { Browser, Page } from 'playwright-core';

/** A browser page, and everything it logged as an error or a warning and every request it made once opened. */
export interface WatchedPage {
  readonly page: Page;
  readonly errors: string[];
  readonly requests: string[];
}

/**
 * A new page with `window.load(code)`, which imports an ES module from its text through a blob URL.
 * With `origin`, the page is that origin's, served by the browser driver itself (nothing reaches
 * the network): a page of about:blank has an opaque origin, which may start no worker from a blob URL.
 */
export async function watchedPage(browser: Browser, origin?: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  if (origin !== undefined) {
    await page.route(`${origin}**`, (route) => route.fulfill({ body: '<!doctype html><title>a front end</title>', contentType: 'text/html' }));
    await page.goto(origin);
  }
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  // A string, so that vitest's transform leaves the page's import() alone.
  await page.evaluate(`window.load = (code) => import(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })))`);
  return { page, errors, requests };
}
