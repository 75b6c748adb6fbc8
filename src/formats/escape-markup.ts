// XML 1.0 forbids most control characters even when escaped, and HTML shows none of them: both get U+FFFD.
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/**
 * Anything but printable ASCII other than & < > " ': most texts (every address, most names) hold
 * none, and are given back as they are after one scan, not six. A sitemap's part lists 50,000
 * addresses, and the first part is made again by every rebuild.
 */
const needsEscaping = /[^\u0020-\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\u007E]/;

/**
 * Text made safe inside HTML or XML, as element content or a quoted attribute value. One escaper
 * for every page, feed and sitemap the project writes by hand, so none of them can miss a case.
 */
export function escapeMarkup(text: string): string {
  if (!needsEscaping.test(text)) return text;
  return text
    .replace(notXmlCharacter, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a <script type="application/ld+json"> element. Names come from contributors, and a
 * "</script>" inside one would end the element early, so every "<" is written as \u003c.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
