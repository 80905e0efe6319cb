import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageMetaPlugin } from './vite/page-meta.plugin';

// The gateway (port 3000) serves /api, socket.io and, in production, this build with an SPA fallback.
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), pageMetaPlugin(new URL('./src/i18n/locales/', import.meta.url))],
  resolve: {
    // Contracts are TypeScript source shared with the services; bundle them directly, no prior build.
    alias: { '@pixtract/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod's setting travels with zod: it must run before any chunk builds a schema (see zod-without-eval.ts).
            { name: 'vendor', test: /node_modules[\\/]|[\\/]zod-without-eval\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': gateway,
      '/socket.io': { target: gateway, ws: true },
    },
  },
});
