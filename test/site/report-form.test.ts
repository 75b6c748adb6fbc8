import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addConfirmation } from '../../src/drafts/add-confirmation.ts';
import { draftReportFile, type ReportFields } from '../../src/drafts/form-drafts.ts';
import { addDays, dayOfInstant } from '../../src/schema/calendar.ts';
import { buildSiteFrom, runScript } from '../support/build.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';
import { startSite } from '../support/worker.ts';
import { axeViolations, browserOnSite, type WatchedPage } from '../support/chromium.ts';

// Real time on both sides: the form checks dates against the browser's clock, the validator
// against the machine's, as they would for a contributor.
const today = dayOfInstant(Date.now());
const seen = addDays(today, -3);
const reportPath = 'content/reports/eiffel-tower/seenworks2.md';
const reportText = `---
condition: scaffolding
summary: "Scaffolding on the north pillar."
observedAt: ${seen}
source:
  kind: traveller
  name: "Ana"
---
Seen from the Champ de Mars.
`;
const files = {
  'content/landmarks/eiffel-tower.md': validLandmark(),
  [reportPath]: reportText,
  // Nothing current: listed on /recheck.
  'content/landmarks/big-ben.md': validLandmark('Big Ben', 'Q41225'),
  'content/reports/big-ben/oldclock22.md': validReport({ condition: 'scaffolding', summary: 'Clock tower under scaffolding.', observedAt: '2022-03-01' }),
};

let contentRoot: string;
const session = browserOnSite(async () => {
  contentRoot = await writeContentTree(files);
  return startSite(await buildSiteFrom(contentRoot));
});

async function landmarkPage({ javaScriptEnabled = true, width = 1100, axe = false } = {}): Promise<WatchedPage> {
  // The CSP is bypassed only where axe is injected; other pages keep it, so that anything it
  // refuses shows among the page's troubles.
  const watched = await session.open({ javaScriptEnabled, viewport: { width, height: 900 }, bypassCSP: axe });
  await watched.page.goto('/landmarks/eiffel-tower', { waitUntil: 'load' });
  return watched;
}

/** A copy of the content with more files written into it. */
async function copyWith(extra: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-form-'));
  await cp(contentRoot, root, { recursive: true });
  for (const [file, text] of Object.entries(extra)) await writeFile(path.join(root, file), text);
  return root;
}

/** Validated as a pull request's check would, in words. */
const validateWith = async (extra: Record<string, string>) => runScript('validate.ts', ['--root', await copyWith(extra), '--format', 'text'], { GITHUB_ACTIONS: '' });

type Fields = Partial<Record<'condition' | 'summary' | 'observedAt' | 'source.kind' | 'source.name' | 'source.url' | 'from' | 'until' | 'untilKind' | 'details', string>>;

async function fillReport(page: Page, fields: Fields): Promise<void> {
  const form = page.locator('form[data-report-form]');
  for (const [name, value] of Object.entries(fields)) {
    const control = form.locator(`[name="${name}"]`);
    if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
  await form.getByRole('button', { name: 'Write the report' }).click();
}

const asReportFields = (fields: Fields): ReportFields => ({
  condition: fields.condition ?? '',
  summary: fields.summary ?? '',
  observedAt: fields.observedAt ?? '',
  sourceKind: fields['source.kind'] ?? '',
  sourceName: fields['source.name'] ?? '',
  sourceUrl: fields['source.url'] ?? '',
  from: fields.from ?? '',
  until: fields.until ?? '',
  untilKind: fields.untilKind ?? '',
  details: fields.details ?? '',
});

const closure: Fields = {
  condition: 'closed',
  summary: 'Closed for repairs to the lifts: "works until spring"',
  observedAt: today,
  'source.kind': 'official',
  'source.name': 'Société d\'exploitation de la tour Eiffel',
  'source.url': 'https://www.toureiffel.paris/en/news/closure',
  from: addDays(today, 10),
  until: addDays(today, 40),
  untilKind: 'announced',
  details: 'The operator announced the closure on its site.',
};

describe('the report form on a landmark page', () => {
  it('writes a closure with a stated end into GitHub\'s new-file link, and validate accepts the file', async () => {
    const { page, trouble } = await landmarkPage();
    await fillReport(page, closure);
    const link = page.locator('#report-github-link');
    await expect.poll(() => page.locator('#report-result').isVisible()).toBe(true);
    const url = new URL((await link.getAttribute('href'))!);
    expect(url.origin).toBe('https://github.com');
    expect(url.pathname).toMatch(/\/new\/main$/);
    const file = url.searchParams.get('filename')!;
    expect(file).toMatch(/^content\/reports\/eiffel-tower\/[a-hjkmnp-z2-9]{10}\.md$/);
    const text = url.searchParams.get('value')!;
    expect(await page.locator('#report-text').inputValue()).toBe(text);
    expect(text).toContain(`until: ${closure.until}`);
    const result = await validateWith({ [file]: text });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    // Edited on GitHub before it is proposed, a wrong value is annotated on its own line of the form's file.
    const edited = text.replace('untilKind: announced', 'untilKind: annoucned');
    const line = edited.split('\n').indexOf('untilKind: annoucned') + 1;
    const annotated = await runScript('validate.ts', ['--root', await copyWith({ [file]: edited })], { GITHUB_ACTIONS: 'true' });
    expect(annotated.stdout.split('\n')[0]).toMatch(new RegExp(`^::error file=${file.replace(/\./g, '\\.')},line=${line},col=12,title=Content problem%3A untilKind::`));
    expect(trouble).toEqual({ consoleErrors: [], pageErrors: [], dialogs: [], failedRequests: [] });
  });

  it('names every wrong field with the message npm run validate gives for the same file', async () => {
    const wrongs: [string, Fields][] = [
      ['summary', { summary: '' }],
      ['observedAt', { observedAt: addDays(today, 30) }],
      ['source.url', { 'source.kind': 'press', 'source.url': '' }],
      ['source.url', { 'source.url': 'ftp://example.org/notice' }],
      ['until', { from: '', until: addDays(today, -20) }],
      ['untilKind', { until: '', untilKind: 'estimated' }],
      ['from', { from: addDays(today, 50), until: addDays(today, 45) }],
    ];
    const drafts: Record<string, string> = {};
    const shown: { file: string; field: string; message: string }[] = [];
    for (const [field, change] of wrongs) {
      const { page } = await landmarkPage();
      await fillReport(page, { ...closure, ...change });
      const control = page.locator(`form[data-report-form] [name="${field}"]`);
      await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
      const message = await page.locator(`#${await control.getAttribute('id')}-error`).textContent();
      // The same values drafted in Node, with the drafting the form bundles, go to the validator.
      const draft = draftReportFile('eiffel-tower', asReportFields({ ...closure, ...change }), new Date());
      drafts[draft.file] = draft.text;
      shown.push({ file: draft.file, field, message: message! });
    }
    const result = await validateWith(drafts);
    expect(result.code).toBe(1);
    const printed = result.stderr.split('\n').filter((line) => line.startsWith('content/'));
    for (const { file, field, message } of shown) {
      expect(printed).toContainEqual(expect.stringMatching(new RegExp(`^${file.replace(/\./g, '\\.')}:\\d+:\\d+ ${field.replace(/\./g, '\\.')}: `)));
      const line = printed.find((candidate) => candidate.startsWith(`${file}:`) && candidate.includes(` ${field}: `))!;
      expect(line.slice(line.indexOf(` ${field}: `) + field.length + 3)).toBe(message);
    }
  });

  it('confirms the latest report with the lines npm run confirm adds, ready to paste', async () => {
    const { page } = await landmarkPage();
    await page.getByText('Still the same?').click();
    const form = page.locator('form[data-confirm-form]');
    await form.locator('[name="note"]').fill('Still up: scaffolding: north pillar');
    await form.getByRole('button', { name: 'Write the confirmation' }).click();
    await expect.poll(() => page.locator('#confirm-result').isVisible()).toBe(true);
    const lines = await page.locator('#confirm-text').inputValue();
    const edit = new URL((await page.locator('#confirm-github-link').getAttribute('href'))!);
    expect(edit.pathname).toMatch(new RegExp(`/edit/main/${reportPath}$`));
    // Pasted where the page says (after observedAt), the file is what npm run confirm writes.
    const pasted = reportText.replace(`observedAt: ${seen}\n`, `observedAt: ${seen}\n${lines}`);
    const confirmed = addConfirmation(reportText, { date: today, note: 'Still up: scaffolding: north pillar' });
    expect(confirmed.ok && confirmed.text).toBe(pasted);
    expect(await page.locator('#confirm-where').textContent()).toBe('on the line after observedAt');
    const result = await validateWith({ [reportPath]: pasted });
    expect(result.code).toBe(0);

    await form.locator('[name="date"]').fill(addDays(seen, -1));
    await form.getByRole('button', { name: 'Write the confirmation' }).click();
    await expect.poll(() => page.locator('#confirm-date-error').textContent()).toBe(
      `expected a date on or after observedAt (${seen}); got "${addDays(seen, -1)}" (a confirmation comes after the observation)`,
    );
  });

  it('without JavaScript, keeps the link to CONTRIBUTING.md and hides the forms it cannot run', async () => {
    const { page } = await landmarkPage({ javaScriptEnabled: false });
    expect(await page.locator('form[data-report-form]').isVisible()).toBe(false);
    await page.getByText('Still the same?').click();
    expect(await page.locator('form[data-confirm-form]').isVisible()).toBe(false);
    expect(await page.locator('#confirm').getByRole('link', { name: 'Add a confirmation on GitHub' }).getAttribute('href')).toMatch(/CONTRIBUTING\.md#confirm-a-report-on-github-by-hand$/);
    expect(await page.locator('#report').getByRole('link', { name: 'How to add a report' }).getAttribute('href')).toMatch(/CONTRIBUTING\.md$/);
  });

  it('passes axe with its errors and its result showing, at a phone\'s width', async () => {
    const { page } = await landmarkPage({ width: 360, axe: true });
    await fillReport(page, { ...closure, summary: '', 'source.url': 'not a link' });
    await expect.poll(() => page.locator('#report-summary').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-summary');
    await page.getByText('Still the same?').click();
    await page.locator('form[data-confirm-form]').getByRole('button', { name: 'Write the confirmation' }).click();
    await expect.poll(() => page.locator('#confirm-result').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('the list of landmarks to check again', () => {
  it('is linked from the home page, passes axe at a phone\'s width, and leads to the confirmation form', async () => {
    const watched = await session.open({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('link', { name: 'Landmarks to check again' }).click();
    await page.waitForURL('**/recheck');
    expect(await page.locator('ol.recheck .entry-title').allTextContents()).toEqual(['Big Ben']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Still the same?' }).click();
    await page.waitForURL('**/landmarks/big-ben#confirm');
    await expect.poll(() => page.locator('form[data-confirm-form]').isVisible()).toBe(true);
    expect(watched.trouble.pageErrors).toEqual([]);
  });
});
