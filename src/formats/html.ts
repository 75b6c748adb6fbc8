import { escapeMarkup } from './escape-markup.ts';

/**
 * HTML written by hand: the Worker's pages, and the sections of the built pages that show data.
 * `html` escapes every interpolated value unless it is already markup made by `html` itself (or
 * marked `trusted`), so a contributor's text can never become markup by accident.
 */
export class Markup {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type Value = string | number | Markup | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeMarkup(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  return new Markup(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index] as Value) : ''), ''));
}

/** Markup made elsewhere on purpose (rendered Markdown, an SVG built from numbers). */
export const trusted = (text: string): Markup => new Markup(text);
