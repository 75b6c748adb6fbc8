import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, installed by apt (see .ci/run); playwright-core downloads no browser of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Everything a page did that a visitor (or their console) would see as going wrong. */
export interface PageTrouble {
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
  failedRequests: string[];
}

export interface WatchedPage {
  page: Page;
  trouble: PageTrouble;
  close(): Promise<void>;
}

/** A fresh page in its own context that records console errors, uncaught errors, dialogs and failed requests. */
export async function watchedPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  const trouble: PageTrouble = { consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    trouble.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('requestfailed', (request) => trouble.failedRequests.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
  });
  return { page, trouble, close: () => context.close() };
}
