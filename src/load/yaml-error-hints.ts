import type { YAMLError } from 'yaml';

/**
 * The `yaml` package's messages say what is wrong in YAML's terms; contributors are not YAML
 * experts, so each common mistake also gets the fix in plain words.
 */
const hintsByCode: Partial<Record<YAMLError['code'], string>> = {
  BLOCK_AS_IMPLICIT_KEY: 'a value containing ": " must be put in double quotes, like summary: "Closed: staff strike"; or check that this line is indented like the lines around it',
  MULTILINE_IMPLICIT_KEY: 'check the indentation of this line: the fields of a group are indented by two spaces, like the lines around it',
  DUPLICATE_KEY: 'this field appears twice; keep one of them',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  BAD_SCALAR_START: 'put the value in double quotes',
  BAD_DQ_ESCAPE: 'inside double quotes, write \\\\ for a backslash and \\" for a quote',
  BAD_INDENT: 'close a list [ ] or group { } on the line where it opens, or write it as indented lines',
  UNEXPECTED_TOKEN: 'check the indentation of this line and the one before it',
  MULTIPLE_DOCS: 'the frontmatter is one set of fields; remove the "..." or "---" line inside it',
  KEY_OVER_1024_CHARS: 'field names are short words like "summary"',
  RESOURCE_EXHAUSTION: 'write the values out plainly',
};

/** One line: YAML's own message, then the fix a contributor can apply. */
export function describeYamlError(error: YAMLError): string {
  const firstLine = error.message.split('\n')[0] ?? error.message;
  // The parser recurses into nested brackets; a hostile file can exhaust the stack.
  if (/call stack|stack overflow/i.test(firstLine)) {
    return 'invalid YAML: the values are nested too deeply to read (expected plain fields, lists and groups of fields)';
  }
  let hint = hintsByCode[error.code];
  if (error.code === 'MISSING_CHAR' && /quote/.test(firstLine)) hint = 'close the quote before the end of the line';
  return `invalid YAML: ${firstLine}${hint ? ` (${hint})` : ''}`;
}
