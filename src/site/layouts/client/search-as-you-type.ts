import { searchStatusInWords } from '../../../domain/in-words.ts';
import { apiBasePath } from '../../../domain/urls.ts';
import { searchResultsHtml } from '../../../formats/search-results.ts';
import type { ApiError, LandmarkSearchResults } from '../../../schema/api.ts';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const debounceMilliseconds = 200;

/** Shows the API's results below a search form as the visitor types, in the markup the Worker uses. */
export function enhanceSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const status = document.getElementById('search-status');
  const list = document.getElementById('search-list');
  if (!input || !status || !list) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const show = (message: string, isError = false) => {
    status.textContent = message;
    status.classList.toggle('error', isError);
  };

  async function search(query: string): Promise<void> {
    pending?.abort();
    if ([...query].length < input!.minLength) {
      show('');
      list!.replaceChildren();
      return;
    }
    const request = new AbortController();
    pending = request;
    try {
      const response = await fetch(`${apiBasePath}/search?q=${encodeURIComponent(query)}`, {
        signal: request.signal,
        headers: { Accept: 'application/json' },
      });
      const body = (await response.json()) as LandmarkSearchResults | ApiError;
      if ('error' in body) {
        show(body.error.message, true);
        list!.replaceChildren();
        return;
      }
      show(searchStatusInWords(body.query, body.total, body.landmarks.length));
      // The Worker's renderer: escaped HTML, the same markup the page has without JavaScript.
      list!.innerHTML = searchResultsHtml(body);
      // On the results page, keep the address in step so that reload and sharing show these results.
      if (location.pathname === '/search') history.replaceState(null, '', `/search?q=${encodeURIComponent(query)}`);
    } catch (error) {
      if (request.signal.aborted) return;
      console.warn('search as you type failed', error);
      show('Results could not be loaded as you type; press Search to try again.', true);
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(input.value.trim()), debounceMilliseconds);
  });
}
