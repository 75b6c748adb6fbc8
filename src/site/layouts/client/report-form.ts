import './zod-without-eval.ts';
import { draftConfirmation, draftReportFile, type ReportFields, type ReportFileDraft } from '../../../drafts/form-drafts.ts';
import type { ConfirmedReportDraft } from '../../../domain/report-draft.ts';
import { newFileUrl } from '../../../domain/repository-links.ts';

/**
 * The landmark page's report and confirmation forms (src/worker/pages/report-forms.ts): each field
 * is checked with the validator's own rules and messages, then the page shows the file or the lines
 * to propose on GitHub. Loaded only on pages that have the forms: it carries the schemas and the
 * YAML parser, which no other page needs.
 */

type Problem = ReportFileDraft['problems'][number];

const today = (): string => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const valueOf = (form: HTMLFormElement, name: string): string => {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement ? control.value : '';
};

/**
 * Shows each problem under its field (the message `npm run validate` prints after the field's name)
 * and any other in the form's list; focuses the first wrong field, as a screen reader user needs.
 */
function showProblems(form: HTMLFormElement, problemBox: HTMLElement, problems: readonly Problem[]): void {
  for (const control of form.querySelectorAll<HTMLElement>('[aria-invalid]')) control.removeAttribute('aria-invalid');
  for (const error of form.querySelectorAll<HTMLElement>('.field-error')) {
    error.textContent = '';
    error.hidden = true;
  }
  const unplaced: string[] = [];
  let first: HTMLElement | undefined;
  for (const problem of problems) {
    const control = form.elements.namedItem(problem.field);
    const error = control instanceof HTMLElement ? document.getElementById(`${control.id}-error`) : null;
    if (!(control instanceof HTMLElement) || !error) {
      unplaced.push(`${problem.field}: ${problem.message}`);
      continue;
    }
    control.setAttribute('aria-invalid', 'true');
    error.textContent = error.textContent ? `${error.textContent} ${problem.message}` : problem.message;
    error.hidden = false;
    first ??= control;
  }
  problemBox.replaceChildren();
  if (problems.length > 0) {
    const heading = document.createElement('p');
    heading.textContent = problems.length === 1 ? 'One field needs a change:' : `${problems.length} fields need a change:`;
    problemBox.appendChild(heading);
    for (const text of unplaced) {
      const line = document.createElement('p');
      line.textContent = text;
      problemBox.appendChild(line);
    }
  }
  first?.focus();
}

function showResult(result: HTMLElement): void {
  result.hidden = false;
  result.focus();
}

export function enhanceReportForm(form: HTMLFormElement): void {
  const landmarkSlug = form.dataset.landmark;
  const repositoryUrl = form.dataset.repository;
  const problemBox = document.getElementById('report-problems');
  const result = document.getElementById('report-result');
  const path = document.getElementById('report-path');
  const link = document.getElementById('report-github-link');
  const text = document.getElementById('report-text');
  if (!landmarkSlug || !repositoryUrl || !problemBox || !result || !path || !(link instanceof HTMLAnchorElement) || !(text instanceof HTMLTextAreaElement)) return;
  const observedAt = form.elements.namedItem('observedAt');
  if (observedAt instanceof HTMLInputElement && observedAt.value === '') observedAt.value = today();
  form.hidden = false;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields: ReportFields = {
      condition: valueOf(form, 'condition'),
      summary: valueOf(form, 'summary'),
      observedAt: valueOf(form, 'observedAt'),
      sourceKind: valueOf(form, 'source.kind'),
      sourceName: valueOf(form, 'source.name'),
      sourceUrl: valueOf(form, 'source.url'),
      from: valueOf(form, 'from'),
      until: valueOf(form, 'until'),
      untilKind: valueOf(form, 'untilKind'),
      details: valueOf(form, 'details'),
    };
    const draft = draftReportFile(landmarkSlug, fields, new Date());
    showProblems(form, problemBox, draft.problems);
    if (draft.problems.length > 0) {
      result.hidden = true;
      return;
    }
    path.textContent = draft.file;
    link.href = newFileUrl(repositoryUrl, draft.file, draft.text);
    text.value = draft.text;
    showResult(result);
  });
}

export function enhanceConfirmForm(form: HTMLFormElement): void {
  const problemBox = document.getElementById('confirm-problems');
  const result = document.getElementById('confirm-result');
  const where = document.getElementById('confirm-where');
  const text = document.getElementById('confirm-text');
  const copy = document.getElementById('confirm-copy');
  if (!form.dataset.report || !problemBox || !result || !where || !(text instanceof HTMLTextAreaElement) || !copy) return;
  const report = JSON.parse(form.dataset.report) as ConfirmedReportDraft;
  const date = form.elements.namedItem('date');
  if (date instanceof HTMLInputElement && date.value === '') date.value = today();
  form.hidden = false;
  const disclosure = form.closest('details');
  disclosure?.querySelector('[data-without-script]')?.remove();
  // Arriving from the list of landmarks to check again (/recheck), the form is what was asked for.
  if (disclosure && location.hash === `#${disclosure.id}`) {
    disclosure.open = true;
    disclosure.scrollIntoView();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const draft = draftConfirmation(report, valueOf(form, 'date'), valueOf(form, 'note'), new Date());
    // The form's fields are the confirmation's own: "confirmations.2.date" is its "date".
    const problems = draft.problems.map((problem) => ({ ...problem, field: problem.field.replace(/^confirmations\.\d+\./, '') }));
    showProblems(form, problemBox, problems);
    if (problems.length > 0) {
      result.hidden = true;
      return;
    }
    where.textContent = draft.extendsList ? 'at the end of the confirmations list' : 'on the line after observedAt';
    text.value = `${draft.lines}\n`;
    showResult(result);
  });
  copy.addEventListener('click', () => {
    text.select();
    void navigator.clipboard?.writeText(text.value).then(
      () => (copy.textContent = 'Copied'),
      () => (copy.textContent = 'Select and copy the lines'),
    );
  });
}
