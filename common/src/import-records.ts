/**
 * Reading import files one record at a time (a generator over the text, so the server holds one row at a
 * time, not the file's rows, and the "Import people" screen previews the first rows with the very reader
 * the job uses): CSV (RFC 4180, comma or semicolon, quoted fields and line breaks in them) and JSON Lines.
 * A record that cannot be read is yielded with why, so a job reports it on its own row.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES } from './schemas/imports.ts';

/** One record of the file: its place (0-based, the resume point), its row as people count it, its fields or why not. */
export type SourceRecord = { index: number; row: number } & ({ fields: Record<string, unknown> } | { refused: string; fields?: undefined });

const invalid = (text: string): string | undefined => {
  if (text.includes('\uFFFD')) return IMPORT_MESSAGES.notUtf8;
  if (text.length > IMPORT_LIMITS.rowChars) return IMPORT_MESSAGES.tooLong;
  return undefined;
};

/** The raw records of a CSV: arrays of fields, with the line each began on. */
function* csvRecords(
  text: string,
  delimiter: string,
): Generator<{ line: number; fields: string[]; raw: string } | { line: number; error: string; raw: string }> {
  let i = 0;
  let line = 1;
  while (i < text.length) {
    const start = i;
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let error: string | undefined;
    for (;;) {
      if (i >= text.length) {
        if (quoted) error = IMPORT_MESSAGES.malformed('a quoted field is not closed');
        fields.push(field);
        break;
      }
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            i += 1;
          }
        } else {
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
        if (i - start > IMPORT_LIMITS.rowChars) {
          // An unclosed quote would swallow the rest of the file: stop at the row's length.
          error = IMPORT_MESSAGES.tooLong;
          const next = text.indexOf('\n', i);
          i = next === -1 ? text.length : next + 1;
          line += 1;
          break;
        }
        continue;
      }
      if (c === '"' && field === '') {
        quoted = true;
        i += 1;
      } else if (c === delimiter) {
        fields.push(field);
        field = '';
        i += 1;
      } else if (c === '\n' || c === '\r') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      } else {
        field += c;
        i += 1;
      }
    }
    const raw = text.slice(start, i).replace(/\r?\n$/, '');
    if (raw.trim() === '') continue;
    yield error ? { line: startLine, error, raw } : { line: startLine, fields, raw };
  }
}

/** A semicolon when the header has more of them than commas (spreadsheets in many languages save so). */
const delimiterOf = (firstLine: string): string =>
  (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';

/** A CSV's people: the first row names the columns (matched case-insensitively by the mapping). */
export function* readCsv(text: string): Generator<SourceRecord> {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const delimiter = delimiterOf(firstLine);
  let header: string[] | undefined;
  let index = 0;
  for (const record of csvRecords(text, delimiter)) {
    if (!header) {
      header = 'fields' in record ? record.fields.map((h) => h.trim()) : [];
      continue;
    }
    const base = { index: index++, row: record.line };
    const why = 'error' in record ? record.error : invalid(record.raw);
    if (why || !('fields' in record)) {
      yield { ...base, refused: why ?? IMPORT_MESSAGES.malformed('unreadable') };
      continue;
    }
    if (record.fields.length !== header.length) {
      yield { ...base, refused: IMPORT_MESSAGES.malformed(`it has ${record.fields.length} fields and the header ${header.length}`) };
      continue;
    }
    yield { ...base, fields: Object.fromEntries(header.map((name, n) => [name, record.fields[n]!])) };
  }
}

/** JSON Lines: one JSON object a line; blank lines are skipped. */
export function* readJsonLines(text: string): Generator<SourceRecord> {
  let index = 0;
  let line = 0;
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const raw = text.slice(at, end === -1 ? text.length : end).trim();
    at = end === -1 ? text.length : end + 1;
    line += 1;
    if (raw === '') continue;
    const base = { index: index++, row: line };
    const why = invalid(raw);
    if (why) {
      yield { ...base, refused: why };
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      yield { ...base, refused: IMPORT_MESSAGES.malformed('it is not JSON') };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { ...base, refused: IMPORT_MESSAGES.malformed('it is not a JSON object') };
      continue;
    }
    yield { ...base, fields: value as Record<string, unknown> };
  }
}

/** What the "Import people" screen shows of a file before it is sent: its columns and its first rows. */
export interface FilePreview {
  columns: string[];
  rows: Record<string, unknown>[];
}

/**
 * The columns and first `count` readable rows of a CSV or JSON Lines file, or of its start (`cut`: the
 * text may end anywhere, so a last line without its end is left out). Columns are the CSV's header, or
 * the keys of the JSON objects in the order first met.
 */
export function previewRecords(format: 'csv' | 'jsonl', text: string, count: number, cut = false): FilePreview {
  const end = text.lastIndexOf('\n');
  const whole = !cut || end === -1 ? text : text.slice(0, end + 1);
  const rows: Record<string, unknown>[] = [];
  for (const record of format === 'csv' ? readCsv(whole) : readJsonLines(whole)) {
    if (record.fields) rows.push(record.fields);
    if (rows.length >= count) break;
  }
  const header = format === 'csv' ? csvHeader(whole) : [];
  const columns = [...new Set([...header, ...rows.flatMap((row) => Object.keys(row))])];
  return { columns, rows };
}

function csvHeader(text: string): string[] {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  for (const record of csvRecords(text, delimiterOf(firstLine))) return 'fields' in record ? record.fields.map((h) => h.trim()) : [];
  return [];
}
