import { stringify } from 'yaml';

const asYaml = (value: string | number, defaultStringType: 'PLAIN' | 'QUOTE_DOUBLE'): string =>
  stringify(value, { schema: 'core', lineWidth: 0, defaultStringType }).replace(/\n$/, '');

/**
 * A value as it goes after "field: " in a generated file, always on that one line. Free text is
 * double-quoted, so a colon or a leading "#" in a summary cannot change the file's structure;
 * short machine values (dates, codes, URLs, numbers) are written plainly when YAML allows, as
 * people write them.
 */
export function yamlScalar(value: string | number, style: 'text' | 'plain' = 'plain'): string {
  const written = asYaml(value, style === 'text' ? 'QUOTE_DOUBLE' : 'PLAIN');
  // A value with a line break would become a block of lines; quoted, it stays on one line.
  return written.includes('\n') ? asYaml(value, 'QUOTE_DOUBLE') : written;
}
