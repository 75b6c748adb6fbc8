import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../../src/formats/escape-markup.ts';

describe('text escaped for HTML and XML', () => {
  it('escapes each character markup gives a meaning, wherever it stands', () => {
    expect(escapeMarkup(`Tom & Jerry's <b>"tower"</b>`)).toBe('Tom &amp; Jerry&#39;s &lt;b&gt;&quot;tower&quot;&lt;/b&gt;');
    expect(escapeMarkup('https://lcr.test/?a=1&b=2')).toBe('https://lcr.test/?a=1&amp;b=2');
  });

  it('replaces what XML cannot hold, even escaped, and keeps tabs, line ends and every other character', () => {
    expect(escapeMarkup('bell\u0007 and nul\u0000')).toBe('bell\uFFFD and nul\uFFFD');
    expect(escapeMarkup('a lone \uD800 half')).toBe('a lone \uFFFD half');
    expect(escapeMarkup('line\n\tnext\r')).toBe('line\n\tnext\r');
    expect(escapeMarkup('Hagia Sophia, İstanbul 🕌 ~{}|\\^`\u007F')).toBe('Hagia Sophia, İstanbul 🕌 ~{}|\\^`\u007F');
  });

  it('gives back text that needs nothing as it is', () => {
    const address = 'https://lcr.test/reports/2026-03-01-eiffel-tower-closed';
    expect(escapeMarkup(address)).toBe(address);
    expect(escapeMarkup('')).toBe('');
  });
});
