/**
 * What the server-rendered sign-in page costs per request: the SPA's server renderer
 * (web/dist-ssr/, from `npm run build`) through the server's cache (server/src/spa/sign-in-page.ts), in
 * this process. A miss renders the page with React's server renderer and makes its brotli and gzip copies
 * (once per organisation and settings change); a hit is what every other request pays before sending the
 * bytes. Medians and 99th percentiles of BENCH_RUNS (default 200) of each.
 *
 *   npm run build && npm run bench:sign-in-page -w bench
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';

import { SignInPages } from '../server/src/spa/sign-in-page.ts';
import { WEB_DIST } from '../server/src/spa/static.ts';
import { percentile } from './support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const organisation = (n: number): PublicOrganisation =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `org${n}`,
    displayName: `Organisation ${n}`,
    hideOrganisationName: false,
    hostname: `org${n}.gatehouse.example`,
    baseHostname: 'gatehouse.example',
    isBase: false,
    tier: 'Free',
    preventSelfSignUp: false,
    colour: 'Blue',
    font: 'System',
    buttonStyle: 'Rounded',
    inputStyle: 'Outlined',
    logoID: '11111111-1111-4111-8111-111111111111',
    backgroundImageID: null,
    heroImageID: null,
    favicon: null,
    supportMessage: null,
    customPrivacyPolicyURL: null,
    customTermsConditionsURL: null,
    customHelpPageURL: null,
    allowSMSTwoStep: false,
    allowEmailTwoStep: true,
    allowPasswordless: true,
    passwordVisibility: true,
    requireTwoStep: false,
    rememberMeDays: 30,
    dashboardRedirect: null,
  }) as unknown as PublicOrganisation;

async function time(runs: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const pages = await SignInPages.load(WEB_DIST);
  if (!pages) throw new Error('web/dist-ssr is missing: run `npm run build` first');
  // Warm-up: module loading and the JIT, which the first request after a start pays once.
  const first = performance.now();
  const page = await pages.page(organisation(0), false);
  const firstMs = performance.now() - first;
  await time(20, (i) => pages.page(organisation(100_000 + i), false));
  // Each run a new organisation: a render and two compressions.
  const miss = await time(RUNS, (i) => pages.page(organisation(i + 1), false));
  // The same organisation again: the settings compared, the kept copies returned.
  const hit = await time(RUNS * 10, () => pages.page(organisation(1), false));
  const ms = (value: number) => (value < 0.1 ? value.toFixed(4) : value.toFixed(2));
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
  );
  console.log(
    `Page: ${page.html.length} bytes, ${page.br.length} brotli, ${page.gzip.length} gzip; first rendering after start ${ms(firstMs)} ms\n`,
  );
  console.log('| case | runs | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: |');
  console.log(`| miss: render + brotli + gzip | ${miss.length} | ${ms(percentile(miss, 50))} | ${ms(percentile(miss, 99))} |`);
  console.log(`| hit: settings compared, copies returned | ${hit.length} | ${ms(percentile(hit, 50))} | ${ms(percentile(hit, 99))} |`);
}

await main();
