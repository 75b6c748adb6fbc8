import { conditionLabel } from '../../domain/in-words.ts';
import type { ConfirmedReportDraft } from '../../domain/report-draft.ts';
import { editReportUrl } from '../../domain/repository-links.ts';
import { conditions } from '../../schema/conditions.ts';
import type { LandmarkDetail, Report } from '../../schema/api.ts';
import { sourceKindMeanings, sourceKinds } from '../../schema/sources.ts';
import { untilKinds } from '../../schema/periods.ts';
import { html } from '../../formats/html.ts';

/**
 * The report form and the "still the same?" form of a landmark page. Both are `hidden` until the
 * site's script (src/site/layouts/client/report-form.ts) takes them over: it checks the fields with
 * the validator's own rules, writes the file `npm run new-report` or `npm run confirm` would, and
 * links to GitHub with it. Without the script the page keeps its link to CONTRIBUTING.md.
 */

/** A labelled control with the empty line its error message goes into. */
function field(id: string, label: string, control: ReturnType<typeof html>, hint?: string) {
  return html`<div class="field">
        <label for="${id}">${label}</label>
        ${hint && html`<p class="hint" id="${id}-hint">${hint}</p>`}
        ${control}
        <p class="field-error" id="${id}-error" hidden></p>
      </div>`;
}

const describedBy = (id: string, hint?: string) => (hint ? `${id}-hint ${id}-error` : `${id}-error`);

function textInput(id: string, name: string, label: string, options: { type?: string; hint?: string; autocomplete?: string } = {}) {
  const { type = 'text', hint, autocomplete = 'off' } = options;
  return field(id, label, html`<input type="${type}" id="${id}" name="${name}" autocomplete="${autocomplete}" aria-describedby="${describedBy(id, hint)}">`, hint);
}

function select(id: string, name: string, label: string, choices: readonly (readonly [string, string])[], hint?: string) {
  return field(
    id,
    label,
    html`<select id="${id}" name="${name}" aria-describedby="${describedBy(id, hint)}">
          ${choices.map(([value, text]) => html`<option value="${value}">${text}</option>`)}
        </select>`,
    hint,
  );
}

export function reportFormSection(landmark: LandmarkDetail, repositoryUrl: string, contributingUrl: string) {
  return html`<section class="contribute" id="report" aria-labelledby="report-heading">
    <h2 id="report-heading">Report what you see</h2>
    <p>Seen a closure, scaffolding or a blocked view here, or read an announcement? <a href="${contributingUrl}">How to add a report</a> (a pull request on GitHub).</p>
    <form class="report-form" data-report-form data-landmark="${landmark.slug}" data-repository="${repositoryUrl}" novalidate hidden>
      <p class="hint">This form writes the report file and checks it as the project's validator does; GitHub then proposes it as a pull request from your account. Nothing is sent anywhere else.</p>
      ${select('report-condition', 'condition', 'Condition', conditions.map((condition) => [condition, conditionLabel(condition)] as const))}
      ${textInput('report-summary', 'summary', 'Summary', { hint: 'One line saying what is affected, as you would tell a fellow traveller.' })}
      ${textInput('report-observedAt', 'observedAt', 'Day seen or announced', { type: 'date' })}
      <fieldset>
        <legend>Source</legend>
        ${select('report-source-kind', 'source.kind', 'Kind', sourceKinds.map((kind) => [kind, kind] as const), Object.entries(sourceKindMeanings).map(([kind, meaning]) => `${kind}: ${meaning}`).join('; '))}
        ${textInput('report-source-name', 'source.name', 'Name (optional)', { hint: 'Your name or handle, or the publisher.', autocomplete: 'nickname' })}
        ${textInput('report-source-url', 'source.url', 'Page that documents it', { type: 'url', hint: 'Required for official and press reports: the operator\'s notice or a news article from the time.' })}
      </fieldset>
      <fieldset>
        <legend>Dates the source gave (optional)</legend>
        ${textInput('report-from', 'from', 'First day, when announced ahead', { type: 'date' })}
        ${textInput('report-until', 'until', 'Last day, as the source stated it', { type: 'date' })}
        ${select('report-untilKind', 'untilKind', 'That last day is', [['', 'not given'], ...untilKinds.map((kind) => [kind, kind === 'estimated' ? 'estimated ("around 2030", "in spring")' : 'announced (a stated date)'] as const)])}
      </fieldset>
      ${field('report-details', 'Details (optional)', html`<textarea id="report-details" name="details" rows="4" aria-describedby="report-details-error"></textarea>`)}
      <div class="form-problems" id="report-problems" role="alert"></div>
      <button type="submit">Write the report</button>
    </form>
    <div class="draft-result" id="report-result" tabindex="-1" hidden>
      <p>Ready: <code id="report-path"></code>. <a id="report-github-link" href="${contributingUrl}">Propose it on GitHub</a>: GitHub opens the new file with this text, makes your copy of the repository and opens the pull request.</p>
      <label for="report-text">The file</label>
      <textarea id="report-text" rows="12" readonly></textarea>
    </div>
  </section>`;
}

/** The published fields a confirmation is checked against, as the report's file holds them. */
const draftFields = (report: Report): ConfirmedReportDraft => ({
  landmarkSlug: report.landmark.slug,
  id: report.id,
  condition: report.condition,
  summary: report.summary,
  observedAt: report.observedAt,
  source: { kind: report.source.kind, name: report.source.name ?? undefined, url: report.source.url ?? undefined },
  from: report.from === report.observedAt.slice(0, 10) ? undefined : report.from,
  until: report.until ?? undefined,
  untilKind: report.untilKind ?? undefined,
  confirmations: report.confirmations.map(({ date, note }) => (note === null ? { date } : { date, note })),
});


export function confirmForm(report: Report, repositoryUrl: string, contributingUrl: string) {
  // A disclosure, so that the answer stays first in its box until someone has something to add.
  // Without the script it opens on the way to confirm by hand.
  return html`<details class="confirm" id="confirm">
    <summary>Still the same?</summary>
    <p class="hint" data-without-script>Seen it unchanged? <a href="${contributingUrl}#confirm-a-report-on-github-by-hand">Add a confirmation on GitHub</a>: it keeps the report current longer.</p>
    <form class="confirm-form" data-confirm-form data-report="${JSON.stringify(draftFields(report))}" novalidate hidden>
      <p class="hint">Seen it unchanged? Add a confirmation to this report: it stays current longer.</p>
      ${textInput('confirm-date', 'date', 'Day seen', { type: 'date' })}
      ${textInput('confirm-note', 'note', 'What you saw (optional)')}
      <div class="form-problems" id="confirm-problems" role="alert"></div>
      <button type="submit">Write the confirmation</button>
    </form>
    <div class="draft-result" id="confirm-result" tabindex="-1" hidden>
      <p>Copy these lines, then <a id="confirm-github-link" href="${editReportUrl(repositoryUrl, report)}">open the report on GitHub</a> and paste them <span id="confirm-where"></span>; GitHub proposes the change as a pull request.</p>
      <label for="confirm-text">Lines to paste</label>
      <textarea id="confirm-text" rows="4" readonly></textarea>
      <button type="button" id="confirm-copy">Copy</button>
    </div>
  </details>`;
}
