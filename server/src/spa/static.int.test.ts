import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressDirectory } from '../../../scripts/precompress.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket that keeps the body's bytes as sent (no decoding). */
function get(port: number, host: string, pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('static files', () => {
  let server: TestServer;
  let dist: string;
  let host: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
  const page = `<!doctype html><html lang="en-GB" dir="ltr"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gatehouse-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(path.join(dist, 'assets/tiny-Zz9.js'), 'x');
    expect(precompressDirectory(dist)).toBe(4);
    server = await startTestServer(testDialects()[0]!, { webDist: dist });
    await server.createOrganisation('acme');
    host = `acme.localhost:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy the browser accepts, with Vary, and the original otherwise', async () => {
    const br = await get(server.port, host, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get(server.port, host, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(server.port, host, '/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // No smaller copy was written for a one-byte file: the original goes out whatever is asked.
    const tiny = await get(server.port, host, '/assets/tiny-Zz9.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x');
  });

  it('caches hashed assets for a year as immutable and revalidates the page every time', async () => {
    const asset = await get(server.port, host, '/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const encoding of ['br', 'gzip', '']) {
      const home = await get(server.port, host, '/', encoding ? { 'accept-encoding': encoding } : {});
      expect(home.status).toBe(200);
      expect(home.headers['cache-control']).toBe('no-cache');
      const body = encoding === 'br' ? brotliDecompressSync(home.body) : encoding === 'gzip' ? gunzipSync(home.body) : home.body;
      expect(home.headers['content-encoding']).toBe(encoding || undefined);
      expect(body.toString()).toBe(page);
    }
  });

  it('never serves source maps or the compressed copies by name', async () => {
    for (const pathname of ['/assets/index-AbC123.js.map', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', '/index.html']) {
      const res = await get(server.port, host, pathname, { 'accept-encoding': 'br, gzip' });
      // The page's not-found answer (the SPA shell), never the file asked for.
      expect(res.status).toBe(404);
      expect(brotliDecompressSync(res.body).toString()).toBe(page);
      expect(res.headers['cache-control']).not.toMatch(/immutable/);
    }
  });

  it("writes the request's language in <html lang dir>: the switcher's cookie, then Accept-Language, English otherwise", async () => {
    const lang = async (headers: Record<string, string>) => {
      const res = await get(server.port, host, '/dashboard', headers);
      expect(res.headers.vary).toMatch(/accept-language/i);
      return /<html[^>]*>/.exec(res.body.toString())?.[0];
    };
    expect(await lang({})).toBe('<html lang="en-GB" dir="ltr">');
    expect(await lang({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toBe('<html lang="fr" dir="ltr">');
    expect(await lang({ 'accept-language': 'fr', cookie: 'gatehouse_lang=de' })).toBe('<html lang="de" dir="ltr">');
    expect(await lang({ 'accept-language': 'xx, zu' })).toBe('<html lang="en-GB" dir="ltr">');
  });
});
