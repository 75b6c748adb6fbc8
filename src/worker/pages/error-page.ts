import type { ApiError } from '../../api/api-error.ts';
import type { Env } from '../env.ts';

/** The heading and words of the site's error page for each status it is shown with. */
const errorPageWords: Record<number, { title: string; words?: string }> = {
  400: { title: 'Bad request' },
  404: { title: 'Not found' },
  405: { title: 'Method not allowed' },
  500: { title: 'Something went wrong', words: 'Something went wrong on our side; please retry later.' },
  503: { title: 'Temporarily unavailable', words: 'The data behind this page is missing or damaged in the current deploy of the site; other pages still work. Please retry in a few minutes.' },
};

/**
 * The site's own error page with the status and headers of the error: "Not found" as built, or the
 * same frame saying what else went wrong (a bad request in the error's words, missing data, a fault).
 */
export async function errorPage(request: Request, env: Env, error: ApiError): Promise<Response> {
  const page = await env.ASSETS.fetch(new Request(new URL('/404', request.url)));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-store');
  headers.delete('ETag');
  headers.delete('Content-Length');
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  let body = page.body;
  if (error.status !== 404) {
    const { title, words = error.message } = errorPageWords[error.status] ?? errorPageWords[500]!;
    body = new HTMLRewriter()
      .on('title', { element: (element) => void element.setInnerContent(title) })
      .on('main h1', { element: (element) => void element.setInnerContent(title) })
      .on('main p', { element: (element) => void element.setInnerContent(words) })
      .transform(page).body;
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: error.status, headers });
}
