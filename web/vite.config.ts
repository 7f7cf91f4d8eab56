import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the SPA runs on Vite (hot reload) and forwards API and protocol calls to the server,
// keeping the Host header so that acme.localhost:5173 still selects organisation acme.
const backend = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: process.env.SOURCE_MAPS !== 'false' },
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
      '/.well-known': { target: backend, changeOrigin: false },
    },
  },
});
