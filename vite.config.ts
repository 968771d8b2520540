import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The storefront's first load as few, larger files (brotli compresses one large file far
        // better than forty small ones): everything the entry imports statically in one chunk,
        // the product grid and its card (on /, /catalog and product pages) in another. Lazy
        // pages and dialogs keep their own chunks. docs/client.md, "Script budget".
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            { name: 'listing', test: /src[\\/]client[\\/]store[\\/]catalogue[\\/]ProductGrid\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': serverUrl, '/trpc': serverUrl },
  },
});
