/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file under a
 * directory, so the server can send them by Accept-Encoding without compressing per request. Run by the
 * web build (web/vite.config.ts). A copy that would not be smaller is left out; the server then sends
 * the original.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/;

export function precompressDirectory(dir: string): number {
  let written = 0;
  const walk = (current: string): string[] =>
    readdirSync(current).flatMap((name) => {
      const file = path.join(current, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = gzipSync(source, { level: 9 });
    for (const [extension, copy] of [
      ['br', br],
      ['gz', gz],
    ] as const) {
      if (copy.length >= source.length) continue;
      writeFileSync(`${file}.${extension}`, copy);
      written++;
    }
  }
  return written;
}
