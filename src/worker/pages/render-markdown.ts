import MarkdownIt from 'markdown-it';

/**
 * Report bodies come from strangers' pull requests: raw HTML is shown as text, not rendered;
 * markdown-it drops javascript:, vbscript: and data: links; every link is marked nofollow ugc.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('rel', 'nofollow ugc');
  return defaultLinkOpen(tokens, index, options, env, self);
};

// An image in a body would load from wherever a contributor points it (a tracking pixel, say) and
// the Content-Security-Policy refuses other origins anyway: show it as a link to the image instead.
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const text = self.renderInlineAsText(token.children ?? [], options, env) || 'image';
  return `<a href="${markdown.utils.escapeHtml(String(token.attrGet('src') ?? ''))}" rel="nofollow ugc">${markdown.utils.escapeHtml(`Image: ${text}`)}</a>`;
};

// Bodies sit under the page's own h1 and h2, so their headings start at h3 to keep the outline whole.
const shiftHeading = (tokens: { tag: string }[], index: number) => {
  const token = tokens[index]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
};
for (const rule of ['heading_open', 'heading_close'] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    shiftHeading(tokens, index);
    return self.renderToken(tokens, index, options);
  };
}

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
