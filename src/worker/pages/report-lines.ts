import { conditionInWords, periodInWords } from '../../domain/in-words.ts';
import { sitePath } from '../../domain/urls.ts';
import type { Report } from '../../schema/api.ts';
import { html } from '../../formats/html.ts';

/** A report as one line of a landmark's lists: what, its dates (marked as of the request), its period, its source. */
export function reportLine(report: Report) {
  return html`<li>
          <a class="entry-title" href="${sitePath(report.urls.html)}">${report.summary}</a>
          <span class="entry-meta" data-current-until="${report.currentUntil}" data-from="${report.from}">${conditionInWords(report)}</span>
          ${report.until && html`<span class="entry-meta">${periodInWords(report)}</span>`}
          <span class="entry-meta">Source: ${report.source.kind}${report.source.name && `, ${report.source.name}`}</span>
        </li>`;
}

export function reportList(reports: readonly Report[], label: string) {
  return html`<ol class="timeline" aria-label="${label}">
      ${reports.map(reportLine)}
    </ol>`;
}

