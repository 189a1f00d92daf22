import { defineConfig } from 'vite';
import { cardFaces } from './cards.config';

export default defineConfig({
  // Relative asset paths: the server may mount the UI anywhere.
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  plugins: [cardFaces()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    // `npm run dev` against a running `parlour serve --port 18080`.
    proxy: { '/api': 'http://127.0.0.1:18080', '/ws': { target: 'ws://127.0.0.1:18080', ws: true } },
  },
});
