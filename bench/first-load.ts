/**
 * The sign-in page's first load: a real `node server/src/main.ts` with one organisation, then
 * Debian's Chromium (playwright-core, as e2e/) opens `/` signed out with an empty cache, BENCH_RUNS times
 * (default 5). Reports the JavaScript fetched before the page is usable (every script response up to the
 * load event: bytes on the wire and gzip -9 of each body, so the figure does not depend on what the
 * server sends), first contentful paint, when the form is visible (the first animation frame with the
 * Sign in button in the page) and when it is usable (the first frame where React has taken the button over:
 * hydrated, or rendered by the script), as markdown (medians). Each run then types into the form and submits
 * it, and fails unless the submit went through the script (a call to /api/authenticate).
 *
 *   node bench/first-load.ts   (CHROMIUM_PATH, default /usr/bin/chromium; BENCH_RUNS, default 5)
 *   BENCH_PROFILE=phone node bench/first-load.ts   (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower, by CDP)
 *   BENCH_LANGUAGE=de node bench/first-load.ts   (the browser asks for that language: the page and its catalog in it)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';

import { createOrganisation, freePort, percentile, serverEnv } from './support.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = process.env.BENCH_PROFILE === 'phone';
const LANGUAGE = process.env.BENCH_LANGUAGE;

/** Run in the page before anything else: the times (ms from navigation) the form is first visible and first usable. */
function watchForm(): void {
  type Frame = {
    requestAnimationFrame(callback: () => void): void;
    performance: { now(): number };
    document: { querySelector(s: string): object | null };
  };
  const g = globalThis as unknown as Frame & { formVisible?: number; formUsable?: number };
  const check = () => {
    const button = g.document.querySelector('form button[type="submit"]');
    if (button && g.formVisible === undefined) g.formVisible = g.performance.now();
    if (button && Object.keys(button).some((key) => key.startsWith('__reactProps$'))) g.formUsable = g.performance.now();
    else g.requestAnimationFrame(check);
  };
  g.requestAnimationFrame(check);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-bench-'));
  const port = await freePort();
  const env = serverEnv(port, `sqlite:${path.join(dataDir, 'bench.db')}`, dataDir);
  await createOrganisation(env, 'acme', 'admin@acme.test', 'correct horse battery staple');
  const server = spawn(process.execPath, [path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Gatehouse is running') && resolve()),
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
  const rows: { wire: number; gzipped: number; raw: number; files: number; fcp: number; visible: number; usable: number }[] = [];
  let chunks: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext(LANGUAGE ? { locale: LANGUAGE } : {});
      const page = await context.newPage();
      await page.addInitScript(watchForm);
      if (PHONE) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      const scripts: Promise<{ url: string; wire: number; body: Buffer }>[] = [];
      // Scripts fetched later (the form's checks, loaded on first input) are not the first load, and a
      // body read still pending when the context closes would reject unhandled: stop listening first.
      let loading = true;
      page.on('response', (response) => {
        if (!loading || response.request().resourceType() !== 'script') return;
        scripts.push(
          (async () => ({
            url: response.url(),
            wire: (await response.request().sizes()).responseBodySize,
            body: await response.body(),
          }))(),
        );
      });
      await page.goto(`http://acme.localhost:${port}/`, { waitUntil: 'load' });
      await page.getByRole('button').first().waitFor();
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      await page.waitForFunction(() => (globalThis as { formUsable?: number }).formUsable !== undefined);
      const { visible, usable } = await page.evaluate(() => {
        const g = globalThis as { formVisible?: number; formUsable?: number };
        return { visible: g.formVisible!, usable: g.formUsable! };
      });
      // What loaded with the page, before the submit below fetches the form's checks.
      loading = false;
      const fetched = await Promise.all(scripts);
      // Usable means typing and submitting work through the script: the answer comes from the API.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/authenticate'));
      // By field type, not label: the labels are in the page's language.
      await page.locator('form input[type="email"]').fill('nobody@acme.test');
      await page.locator('form input[type="password"]').fill('not the password');
      await page.locator('form button[type="submit"]').click();
      await answered;
      chunks = fetched.map((s) => new URL(s.url).pathname.replace('/assets/', ''));
      rows.push({
        wire: fetched.reduce((sum, s) => sum + s.wire, 0),
        gzipped: fetched.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0),
        raw: fetched.reduce((sum, s) => sum + s.body.length, 0),
        files: fetched.length,
        fcp,
        visible,
        usable,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (pick: (row: (typeof rows)[number]) => number) =>
    percentile(
      rows.map(pick).sort((a, b) => a - b),
      50,
    );
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${RUNS} runs (medians)${PHONE ? ', phone profile' : ''}\n`,
  );
  console.log(
    '| script files | JS KB uncompressed | JS KB gzip -9 | JS KB on the wire | first contentful paint ms | form visible ms | form usable ms |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${median((r) => r.files)} | ${kb(median((r) => r.raw))} | ${kb(median((r) => r.gzipped))} | ${kb(median((r) => r.wire))} | ${median((r) => r.fcp).toFixed(0)} | ${median((r) => r.visible).toFixed(0)} | ${median((r) => r.usable).toFixed(0)} |`,
  );
  console.log(
    `FCP per run: ${rows.map((r) => r.fcp.toFixed(0)).join(', ')}; usable per run: ${rows.map((r) => r.usable.toFixed(0)).join(', ')}`,
  );
  console.log(`\nScripts: ${chunks.join(', ')}`);
}

await main();
