/**
 * Pages answer `Accept: text/markdown` with their Markdown twin, so an agent that asks for
 * Markdown at a canonical URL gets the document it can read, at the URL it will cite.
 */

interface MediaRange {
  type: string;
  subtype: string;
  quality: number;
  position: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part, position) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) return [];
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return Number.isFinite(quality) ? [{ type, subtype, quality, position }] : [];
  });
}

/** The range that decides a media type's quality: the most specific one that matches it. */
function decidingRange(ranges: MediaRange[], mediaType: string): MediaRange | undefined {
  const [type, subtype] = mediaType.split('/');
  const specificity = (range: MediaRange) =>
    range.type === type && range.subtype === subtype ? 3 : range.type === type && range.subtype === '*' ? 2 : range.type === '*' ? 1 : 0;
  return ranges.filter((range) => specificity(range) > 0).sort((a, b) => specificity(b) - specificity(a))[0];
}

/**
 * Whether the client prefers Markdown to HTML. On a tie, Markdown wins only when it is named
 * before HTML: "*\/*" alone, as curl sends, still gets the page people see.
 */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const markdown = decidingRange(ranges, 'text/markdown');
  if (!markdown || markdown.quality <= 0 || markdown.subtype !== 'markdown') return false;
  const html = decidingRange(ranges, 'text/html');
  if (!html || markdown.quality > html.quality) return true;
  return markdown.quality === html.quality && (html.subtype !== 'html' || markdown.position < html.position);
}
