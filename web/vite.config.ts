import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { precompressDirectory } from '../scripts/precompress.ts';
import { preactAliases } from './preact/aliases.ts';

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

// In development the SPA runs on Vite (hot reload) and forwards API and protocol calls to the server,
// keeping the Host header so that acme.localhost:5173 still selects organisation acme.
const backend = `http://localhost:${process.env.PORT ?? 3000}`;

// `vite build --mode analyze` (npm run analyze -w web) also writes what is in each chunk: a treemap at
// web/stats/chunks.html and the same figures as JSON (rendered and gzip bytes per module) beside it.
export default defineConfig(({ mode }) => ({
  plugins: [
    // React's API rendered by Preact (docs/decisions.md); the aliases are ours, so that the unit tests share them.
    preact({ reactAliasesEnabled: false }),
    precompress(),
    mode === 'analyze' && visualizer({ filename: 'stats/chunks.html', template: 'treemap', gzipSize: true, brotliSize: false }),
    mode === 'analyze' && visualizer({ filename: 'stats/chunks.json', template: 'raw-data', gzipSize: true, brotliSize: false }),
  ],
  resolve: { alias: preactAliases },
  // No source maps in the served directory: they would publish the whole source.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
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
