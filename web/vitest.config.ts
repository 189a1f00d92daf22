import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: { environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
