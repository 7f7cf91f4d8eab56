import { previewRecords, readCsv, readJsonLines } from '@gatehouse/common/import-records';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@gatehouse/common/schemas/imports';
import { describe, expect, it } from 'vitest';

import { decodeImportFile } from './read.ts';
import { checkRow } from './rows.ts';

describe('reading import files', () => {
  it('reads RFC 4180 CSV: quotes, doubled quotes, line breaks in fields, CRLF, a semicolon delimiter', () => {
    const rows = [...readCsv('email;name\r\n"a@x.test";"Ann ""the first""\r\nof two"\r\nb@x.test;Bo\r\n\r\n')];
    expect(rows).toEqual([
      { index: 0, row: 2, fields: { email: 'a@x.test', name: 'Ann "the first"\r\nof two' } },
      { index: 1, row: 4, fields: { email: 'b@x.test', name: 'Bo' } },
    ]);
  });

  it('refuses a row on its own: wrong field count, an unclosed quote that would swallow the file, a too-long row', () => {
    const long = 'x'.repeat(IMPORT_LIMITS.rowChars + 10);
    const rows = [...readCsv(`email,name\na@x.test\n"b@x.test,${long}\nc@x.test,Cy\n`)];
    expect(rows[0]).toMatchObject({ row: 2, refused: IMPORT_MESSAGES.malformed('it has 1 fields and the header 2') });
    expect(rows[1]).toMatchObject({ row: 3, refused: IMPORT_MESSAGES.tooLong });
    expect(rows[2]).toMatchObject({ fields: { email: 'c@x.test', name: 'Cy' } });
  });

  it('takes UTF-8 with or without its byte-order mark, refuses UTF-16, and marks bytes of another encoding per row', () => {
    expect(decodeImportFile(Buffer.from('\uFEFFemail\n', 'utf8'))).toEqual({ text: 'email\n' });
    expect(decodeImportFile(Buffer.from([0xff, 0xfe, 0x65, 0x00]))).toEqual({ refused: IMPORT_MESSAGES.fileEncoding });
    const decoded = decodeImportFile(Buffer.from('{"email":"jos\xe9@x.test"}\n', 'latin1'));
    expect([...readJsonLines((decoded as { text: string }).text)][0]).toMatchObject({ refused: IMPORT_MESSAGES.notUtf8 });
  });

  it('checks a row with the shared schema and refuses plain-text passwords', () => {
    expect(checkRow({ Mail: 'A@X.test', Verified: 'yes' }, { email: 'Mail', emailVerified: 'Verified' })).toEqual({
      ok: true,
      person: { email: 'a@x.test', emailVerified: true },
    });
    expect(checkRow({ email: 'a@x.test', password: 'hunter2' }, {})).toEqual({
      ok: false,
      reason: IMPORT_MESSAGES.plainPassword,
      email: 'a@x.test',
    });
    expect(checkRow({ email: 'a@x.test', totpSecret: 'not base 32!' }, {})).toMatchObject({
      ok: false,
      reason: `totpSecret: ${IMPORT_MESSAGES.invalidTotp}`,
    });
  });

  it('previews the first rows of a file as the job reads them, the cut end of a long file left out', () => {
    const csv = 'Mail;Name\r\na@x.test;Ann\r\nb@x.test;"Bo\r\nof two"\r\nc@x.test;Cy';
    expect(previewRecords('csv', csv, 5)).toEqual({
      columns: ['Mail', 'Name'],
      rows: [
        { Mail: 'a@x.test', Name: 'Ann' },
        { Mail: 'b@x.test', Name: 'Bo\r\nof two' },
        { Mail: 'c@x.test', Name: 'Cy' },
      ],
    });
    // The start of a larger file: its last line may be cut anywhere, so it is not shown.
    expect(previewRecords('csv', csv, 5, true).rows).toHaveLength(2);
    expect(previewRecords('csv', csv, 1).rows).toHaveLength(1);
    // A header alone still names the columns; JSON Lines' columns are the keys first met.
    expect(previewRecords('csv', 'email,name\n', 5)).toEqual({ columns: ['email', 'name'], rows: [] });
    expect(previewRecords('jsonl', '{"email":"a@x.test"}\nnot json\n{"surname":"S","email":"b@x.test"}\n', 5).columns).toEqual([
      'email',
      'surname',
    ]);
  });
});
