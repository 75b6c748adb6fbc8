import { isCurrentAt } from '../../../domain/freshness.ts';
import { noLongerCurrent } from '../../../domain/in-words.ts';

/**
 * Static pages say "current until <date>", which stays true however old the page is. The visitor's
 * clock knows more: once that day has passed (UTC), say so next to the date.
 */
export function markPastDates(root: ParentNode, now: Date): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-current-until]')) {
    // Map markers are SVG: the Worker marks them and CSS fades them; text belongs to HTML only.
    if (!(element instanceof HTMLElement)) continue;
    if (isCurrentAt(element.dataset.currentUntil ?? '', now)) continue;
    const note = document.createElement('span');
    note.className = 'no-longer-current';
    note.textContent = ` (${noLongerCurrent})`;
    element.appendChild(note);
  }
}
