/**
 * What the libraries of the sign-in page's first load cost on their own: Vite builds, with the
 * web app's settings (production, minified, React 19 and React DOM), a few
 * tiny entries that use React, React Router, TanStack Query, react-hook-form and zod the way the
 * sign-in page does, one library added at a time, and
 * reports each build's JavaScript (uncompressed and gzip -9). The difference between two rows is what the
 * added library costs. No page of ours is in these builds.
 *
 *   npm run bench:first-load-floor -w bench
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build, type Rollup } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// Under the repository, so that the entries resolve the web app's node_modules.
const WORK = path.join(ROOT, 'node_modules/.cache/first-load-floor');

const REACT = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';`;
const ROUTER = `import { BrowserRouter, Link, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';`;
const DATA_ROUTER = `import { createBrowserRouter, Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';`;
const QUERY = `import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';`;
const FORM = `import { useForm } from 'react-hook-form';`;
const ZOD = `import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
const schema = z.object({ email: z.string().trim().min(1, 'Required').email('Invalid'), password: z.string().min(1, 'Required') });`;

/**
 * A page that uses what each step adds, so that nothing is shaken out that the app would keep. `dataRouter`
 * uses createBrowserRouter and RouterProvider, as the SPA once did, instead of BrowserRouter.
 */
function entry(step: number, dataRouter = false): string {
  const parts = [REACT, step >= 2 && (dataRouter ? DATA_ROUTER : ROUTER), step >= 3 && QUERY, step >= 4 && FORM, step >= 5 && ZOD].filter(
    Boolean,
  );
  const page = `function Page() {
  ${step >= 2 ? `const location = useLocation(); const navigate = useNavigate(); const [params] = useSearchParams();` : ''}
  ${step >= 3 ? `const q = useQuery({ queryKey: ['a'], queryFn: () => fetch('/a').then((r) => r.json()) }); const m = useMutation({ mutationFn: () => fetch('/b') });` : ''}
  ${step >= 4 ? `const form = useForm({ ${step >= 5 ? 'resolver: zodResolver(schema), ' : ''}defaultValues: { email: '', password: '' } });` : ''}
  return (
    <main>
      ${step >= 2 ? `<p>{location.pathname}{params.get('x')}</p><Link to="/b">b</Link><button onClick={() => navigate('/c')}>c</button>` : '<p>hello</p>'}
      ${step >= 3 ? `<p>{String(q.data)}</p><button onClick={() => m.mutate()}>m</button>` : ''}
      ${step >= 4 ? `<form onSubmit={form.handleSubmit(() => {})}><input {...form.register('email')} /><input {...form.register('password')} /><p>{form.formState.errors.email?.message}</p></form>` : ''}
    </main>
  );
}`;
  const app = !(step >= 2)
    ? 'const app = <Page />;'
    : dataRouter
      ? `const router = createBrowserRouter([{ path: '*', element: <Page />, errorElement: <p>error</p> }, { path: '/n', element: <Navigate to="/" /> }]);
const app = <RouterProvider router={router} />;`
      : `const app = <BrowserRouter><Routes><Route path="*" element={<Page />} /><Route path="/n" element={<Navigate to="/" />} /></Routes></BrowserRouter>;`;
  const wrapped = step >= 3 ? '<QueryClientProvider client={new QueryClient()}>{app}</QueryClientProvider>' : '{app}';
  return `${parts.join('\n')}
${page}
${app}
createRoot(document.getElementById('root')).render(<StrictMode>${wrapped}</StrictMode>);
`;
}

const STEPS = [
  'React 19 and React DOM',
  '+ React Router (BrowserRouter)',
  '+ TanStack Query',
  '+ react-hook-form',
  '+ zod and its resolver',
];

async function measure(step: number, dataRouter = false): Promise<{ raw: number; gzip: number }> {
  const dir = path.join(WORK, `step-${step}${dataRouter ? '-data' : ''}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'main.jsx');
  writeFileSync(file, entry(step, dataRouter));
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    mode: 'production',
    // React's automatic JSX runtime, as @vitejs/plugin-react sets it for the web app.
    oxc: { jsx: { runtime: 'automatic' } },
    build: { write: false, sourcemap: false, modulePreload: false, rollupOptions: { input: file } },
  })) as Rollup.RollupOutput;
  const chunks = result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  return {
    raw: chunks.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0),
    gzip: chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0),
  };
}

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  console.log('| build | KB uncompressed | KB gzip -9 | added KB gzip -9 |\n| --- | ---: | ---: | ---: |');
  let previous = 0;
  for (let step = 1; step <= STEPS.length; step++) {
    const { raw, gzip } = await measure(step);
    console.log(
      `| ${STEPS[step - 1]} | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} | ${((gzip - previous) / 1024).toFixed(1)} |`,
    );
    previous = gzip;
  }
  // The data router in place of BrowserRouter, with TanStack Query and react-hook-form: what the first
  // load once carried, less our code and zod.
  const { raw, gzip } = await measure(4, true);
  const declarative = await measure(4);
  console.log(
    `| for comparison: steps 1 to 4 with the data router (createBrowserRouter) | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} | ${((gzip - declarative.gzip) / 1024).toFixed(1)} more than BrowserRouter |`,
  );
  rmSync(WORK, { recursive: true, force: true });
}

await main();
