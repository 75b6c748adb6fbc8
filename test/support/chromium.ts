import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { oncePerRun } from './once-per-run.ts';
import type { RunningSite } from './worker.ts';

/** Where Debian, Ubuntu and Google's packages put a system browser. */
const systemBrowsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else a system Chrome or Chromium when one
 * is installed, else the Chromium build that the @sparticuz/chromium package ships inside itself
 * (playwright-core downloads no browser, and this project's machines cannot download one), so
 * `npm install && npm test` needs nothing from the system's package manager.
 */
async function browserExecutable(): Promise<{ path: string; origin: string }> {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, origin: 'CHROMIUM_PATH' };
  const system = systemBrowsers.find((candidate) => existsSync(candidate));
  if (system) return { path: system, origin: 'the system browser' };
  const { default: bundled } = await import('@sparticuz/chromium');
  return { path: await unpackedOnce(() => bundled.executablePath()), origin: 'the Chromium shipped by @sparticuz/chromium' };
}

/** Longer than unpacking takes on a loaded two-core machine (a few seconds), shorter than a hook's timeout. */
const unpackingWait = 120_000;

/**
 * The bundled Chromium, unpacked by one test process of the run. @sparticuz/chromium unpacks into
 * the temporary folder (the run's own) unless the file is already there, so a second process that
 * started while the first was still writing it could not run it (spawn ETXTBSY).
 */
const unpackedOnce = (unpack: () => Promise<string>) =>
  oncePerRun(path.join(tmpdir(), 'bundled-chromium'), 'unpacking the bundled Chromium', unpackingWait, unpack);

export async function launchChromium(): Promise<Browser> {
  const executable = await browserExecutable();
  try {
    return await chromium.launch({
      executablePath: executable.path,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new Error(
      `The browser tests could not start ${executable.origin} (${executable.path}): ${reason}. ` +
        'Install Chromium or Chrome (e.g. apt-get install chromium) or set CHROMIUM_PATH to a Chromium-based browser.',
    );
  }
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
  // What the Content-Security-Policy refused, even when the page caught the error (a probe for eval).
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content-Security-Policy refused ${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`)),
  );
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

/**
 * The browser and the site a test file drives, started once for the file, with every page it
 * opens closed after each test: `open` is watchedPage on the running site.
 */
export function browserOnSite(startSite: () => Promise<RunningSite>) {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  const opened: WatchedPage[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.dispose();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((watched) => watched.close()));
  });
  return {
    site: () => site!,
    browser: () => browser!,
    async open(options: BrowserContextOptions = {}, on: RunningSite = site!): Promise<WatchedPage> {
      const watched = await watchedPage(browser!, on.url.href, options);
      opened.push(watched);
      return watched;
    },
  };
}

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * What axe-core finds wrong on the page as it stands, one "rule (elements)" line each. axe is
 * injected as an inline script, so the page must be opened with `bypassCSP: true`: the site's own
 * policy rightly refuses it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeScript });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => String(node.target)).join(', ')})`);
  });
}
