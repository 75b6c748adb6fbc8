import type { Problem } from './problem.ts';

/** One cell of a CSV file, with where it starts, so a problem can point at it as the validator does. */
export interface CsvCell {
  text: string;
  line: number;
  column: number;
}

export interface CsvTable {
  /** The header row's names, in order. */
  columns: string[];
  /** Each data row by column name; rows keep the line their first cell is on. */
  rows: { line: number; cells: Map<string, CsvCell> }[];
  problems: Problem[];
}

/**
 * Reads CSV as RFC 4180 writes it (a header row, commas, double quotes around cells holding a comma,
 * a quote or a line break, a doubled quote for a quote), keeping every cell's line and column.
 * A row with more or fewer cells than the header is a problem, not a guess at which cell is missing.
 */
export function readCsvTable(file: string, text: string): CsvTable {
  const records: CsvCell[][] = [];
  const problems: Problem[] = [];
  let record: CsvCell[] = [];
  let line = 1;
  let column = 1;
  let index = text.startsWith('\uFEFF') ? 1 : 0;
  const advance = (character: string) => {
    if (character === '\n') {
      line++;
      column = 1;
    } else {
      column++;
    }
  };
  while (index < text.length) {
    const start = { line, column };
    let value = '';
    if (text[index] === '"') {
      advance('"');
      index++;
      let closed = false;
      while (index < text.length) {
        const character = text[index]!;
        if (character === '"') {
          if (text[index + 1] === '"') {
            value += '"';
            advance('"');
            advance('"');
            index += 2;
            continue;
          }
          advance('"');
          index++;
          closed = true;
          break;
        }
        value += character;
        advance(character);
        index++;
      }
      if (!closed) problems.push({ file, ...start, field: 'csv', message: 'expected a closing double quote for this quoted cell; got the end of the file' });
      const next = text[index];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        problems.push({ file, line, column, field: 'csv', message: `expected a comma or the end of the line after a quoted cell; got ${JSON.stringify(next)} (write a quote inside a quoted cell as "")` });
        while (index < text.length && text[index] !== ',' && text[index] !== '\n') {
          advance(text[index]!);
          index++;
        }
      }
    } else {
      while (index < text.length && text[index] !== ',' && text[index] !== '\n' && text[index] !== '\r') {
        value += text[index];
        advance(text[index]!);
        index++;
      }
    }
    record.push({ text: value, ...start });
    if (text[index] === ',') {
      advance(',');
      index++;
      if (index >= text.length) record.push({ text: '', line, column });
      continue;
    }
    if (text[index] === '\r') index++;
    if (text[index] === '\n') {
      advance('\n');
      index++;
    }
    records.push(record);
    record = [];
  }
  if (record.length > 0) records.push(record);

  const [header, ...body] = records.filter((cells) => !(cells.length === 1 && cells[0]!.text === ''));
  if (!header) {
    return { columns: [], rows: [], problems: [...problems, { file, line: 1, column: 1, field: 'csv', message: 'expected a header row naming the columns; got an empty file' }] };
  }
  const columns = header.map((cell) => cell.text.trim());
  const rows: CsvTable['rows'] = [];
  for (const cells of body) {
    const first = cells[0]!;
    if (cells.length !== columns.length) {
      problems.push({ file, line: first.line, column: first.column, field: 'csv', message: `expected ${columns.length} cells (${columns.join(', ')}); got ${cells.length}` });
      continue;
    }
    rows.push({ line: first.line, cells: new Map(columns.map((name, position) => [name, cells[position]!])) });
  }
  return { columns, rows, problems };
}
