import { isMap, isScalar, isSeq, parseDocument, YAMLSeq, type Pair } from 'yaml';

export interface NewConfirmation {
  date: string;
  note?: string | undefined;
}

export type EditResult = { ok: true; text: string } | { ok: false; message: string };

const openingLine = /^\uFEFF?---[ \t]*\r?\n/;
const closingLine = /^---[ \t]*\r?$/m;

/** Where the run of comment and blank lines that ends the frontmatter begins (its length when there is none). */
function startOfTrailingComments(yamlText: string): number {
  const lines = yamlText.split('\n');
  let start = yamlText.length;
  // The text ends with a line break, so the last "line" is empty and adds no character.
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (!/^[ \t]*(?:#.*)?$/.test(line)) break;
    start -= index === lines.length - 1 ? line.length : line.length + 1;
  }
  return start;
}

/**
 * Appends a confirmation to a report's text, changing nothing else: comments, quoting, field
 * order, line ends and the body stay as the contributor left them. The frontmatter is edited
 * through the `yaml` package's Document API, which keeps comments and each value's style.
 */
export function addConfirmation(text: string, confirmation: NewConfirmation): EditResult {
  const opening = openingLine.exec(text)?.[0];
  const closing = opening === undefined ? null : closingLine.exec(text.slice(opening.length));
  if (opening === undefined || !closing) {
    return { ok: false, message: 'expected a report with frontmatter between two "---" lines; run npm run validate to see what is wrong' };
  }
  const frontmatter = text.slice(opening.length, opening.length + closing.index);
  const rest = text.slice(opening.length + closing.index);
  const lineEnd = opening.endsWith('\r\n') ? '\r\n' : '\n';

  const yamlText = frontmatter.replace(/\r\n/g, '\n');
  // The comments after the last field are kept as written, outside the round trip: the yaml package
  // attaches them to the last value (a nested map like source's, or a block list) and would indent
  // them or put a blank line before them.
  const trailingStart = startOfTrailingComments(yamlText);
  const document = parseDocument(yamlText.slice(0, trailingStart), { schema: 'core', uniqueKeys: true });
  const whole = parseDocument(yamlText, { schema: 'core', uniqueKeys: true });
  if (document.errors.length > 0 || whole.errors.length > 0 || !isMap(document.contents)) {
    return { ok: false, message: 'expected readable YAML frontmatter; run npm run validate to see what is wrong' };
  }
  const map = document.contents;
  const entry = document.createNode(confirmation.note === undefined ? { date: confirmation.date } : { date: confirmation.date, note: confirmation.note });
  const existing = map.items.find((pair) => isScalar(pair.key) && pair.key.value === 'confirmations') as Pair | undefined;
  if (existing && isSeq(existing.value)) {
    existing.value.items.push(entry);
  } else if (existing && !(isScalar(existing.value) && existing.value.value === null)) {
    return { ok: false, message: 'expected confirmations to be a list; run npm run validate to see what is wrong' };
  } else {
    const list = new YAMLSeq();
    list.items.push(entry);
    if (existing) {
      existing.value = list;
    } else {
      // A new list goes right after observedAt, where a reader expects the later dates.
      const pair = document.createPair('confirmations', list);
      const observedIndex = map.items.findIndex((item) => isScalar(item.key) && item.key.value === 'observedAt');
      map.items.splice(observedIndex === -1 ? map.items.length : observedIndex + 1, 0, pair as (typeof map.items)[number]);
    }
  }
  const edited = document.toString({ lineWidth: 0, indentSeq: true, flowCollectionPadding: false }) + yamlText.slice(trailingStart);
  return { ok: true, text: `${opening}${lineEnd === '\n' ? edited : edited.replace(/\n/g, '\r\n')}${rest}` };
}
