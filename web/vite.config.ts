import path from 'node:path';

import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';

import { precompressDirectory } from '../scripts/precompress.ts';

/** Brotli and gzip copies of the build's text files, served by Accept-Encoding (server/src/spa/static.ts). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}

/**
 * The SPA runs on React 19 and React DOM themselves (docs/decisions.md): the build fails if a React
 * substitute (Preact or another renderer standing in for React DOM) is bundled, or React DOM is not.
 */
const SUBSTITUTES = /\/node_modules\/(preact|@preact\/[^/]+|preact-[^/]+|inferno[^/]*|nervjs|react-lite|@reactivex\/[^/]+|million)\//;
function reactRuntime(): Plugin {
  return {
    name: 'gatehouse-react-runtime',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const modules = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? Object.keys(output.modules) : []));
      const substitutes = [...new Set(modules.filter((id) => SUBSTITUTES.test(id)))];
      if (substitutes.length > 0) this.error(`A React substitute is bundled: ${substitutes.join(', ')}`);
      if (!modules.some((id) => id.includes('/node_modules/react-dom/'))) this.error('React DOM is not bundled');
    },
  };
}

// In development the SPA runs on Vite (hot reload) and forwards API and protocol calls to the server,
// keeping the Host header so that acme.localhost:5173 still selects organisation acme.
const backend = `http://localhost:${process.env.PORT ?? 3000}`;

// `vite build --mode analyze` (npm run analyze -w web) also writes what is in each chunk: a treemap at
// web/stats/chunks.html and the same figures as JSON (rendered and gzip bytes per module) beside it.
// `vite build --ssr src/server-render.tsx` (part of npm run build -w web) writes web/dist-ssr/: the sign-in
// page's server renderer, one self-contained module the server imports (server/src/spa/sign-in-page.ts).
export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    react(),
    reactRuntime(),
    !isSsrBuild && precompress(),
    mode === 'analyze' && visualizer({ filename: 'stats/chunks.html', template: 'treemap', gzipSize: true, brotliSize: false }),
    mode === 'analyze' && visualizer({ filename: 'stats/chunks.json', template: 'raw-data', gzipSize: true, brotliSize: false }),
  ],
  // The server renderer bundles React and the rest, production builds (no `process.env` lookups at run time).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // No source maps in the served directory: they would publish the whole source.
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: isSsrBuild
        ? {}
        : {
            // Everything the entry imports statically (the sign-in page's first load) in one chunk beside the
            // entry, instead of a dozen small shared chunks: fewer requests, and one gzip stream compresses
            // better. Lazily loaded pages keep their own chunks.
            codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
          },
    },
  },
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
      '/.well-known': { target: backend, changeOrigin: false },
    },
  },
}));
