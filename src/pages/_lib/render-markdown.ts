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

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
