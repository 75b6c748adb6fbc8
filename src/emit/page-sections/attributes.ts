import { html, type Markup } from '../../formats/html.ts';

/** ` name="value"`, or nothing when there is no value: as Astro leaves out an attribute whose value is null or undefined. */
export const optionalAttribute = (name: string, value: string | null | undefined): Markup | '' => (value === null || value === undefined ? '' : html` ${name}="${value}"`);
