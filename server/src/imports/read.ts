/**
 * An import file's text (UTF-8, or refused as a whole). Its records are read by the shared readers
 * (common/src/import-records.ts: CSV and JSON Lines), the exports' by exports.ts.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@gatehouse/common/schemas/imports';

/** The file's text: UTF-8 with its byte-order mark removed; UTF-16 is refused as a whole. Invalid bytes become U+FFFD (refused per row). */
export function decodeImportFile(data: Buffer): { text: string } | { refused: string } {
  if (data.length > IMPORT_LIMITS.fileBytes) return { refused: IMPORT_MESSAGES.fileTooLarge };
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) return { refused: IMPORT_MESSAGES.fileEncoding };
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(data);
  return { text };
}
