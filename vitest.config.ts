import { defineConfig } from 'vitest/config';

/** Tests the test command runs in groups of their own (test/run-all.sh), or not at all (test/optional). */
const APART = ['test/kafka/**', 'test/demo/**', 'test/portal/**', 'test/quiet/**', 'test/optional/**'];

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // one directory per run where the shared test stores are built once (test/support/store-templates.ts)
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      {
        // Unit tests beside the code: the files of a worker share its loaded modules (no new process and module
        // graph per file: about 0.6 s of CPU each). They must restore what they change (spies, globals).
        extends: true,
        test: { name: 'unit', include: ['{bin,compute,data,ingest,serve}/**/*.test.ts'], isolate: false },
      },
      // Integration tests (stores, child processes, servers): they too share their worker's modules; each file
      // makes its own stores, servers and DuckDB instances, and must close them and restore what it changes.
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: APART, isolate: false },
      },
      // Kafka, demo, browser and latency tests, and the optional checks: each file in a fresh process.
      // expect.poll waits up to 10 s there (1 s by default): a browser page beside the two other test groups on
      // 2 cores can take seconds to answer (a period search recomputed, a chart drawn).
      {
        extends: true,
        test: {
          name: 'apart',
          include: APART.map((g) => `${g.slice(0, -1)}*.test.ts`),
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
