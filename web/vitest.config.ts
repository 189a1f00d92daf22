import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  // isolate: false: the files share their workers' environment instead of
  // each building its own (environment and set-up were three quarters of the
  // run: 25 s of CPU for 4 s of tests, 8 s now). Each test renders into a
  // fresh container, and the files that store or render set
  // up their own state before each test (beforeEach).
  test: { environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'], isolate: false },
});
