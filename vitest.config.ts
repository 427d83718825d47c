import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, no I/O) and `db` (against a throwaway local stack started by the
// global setup). Run one with `vitest run --project unit`.
export default defineConfig({
  test: {
    // `npm test` runs the database project in a process of its own, beside one for the unit and
    // hardening projects (package.json): within one process Vitest runs the projects that take one
    // file at a time one after the other.
    maxWorkers: 3,
    projects: [
      {
        // tsconfig.json `paths` ('@/' is src/), as Astro resolves them in the build
        resolve: { tsconfigPaths: true },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'admin/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // A zone other than UTC, so "date-only is local midnight" bugs show up.
          env: { TZ: 'America/Mexico_City' },
        },
      },
      {
        // the back office's own modules (its '@/' imports) are tested against the stack too
        resolve: { tsconfigPaths: true },
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          globalSetup: './tests/db/global-setup.ts',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Attack, load, fault and fuzz runs against the local stack (`npm run test:hardening`); in
        // `npm test` with their short default size, HARDENING_FULL=1 for the full runs.
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          globalSetup: './tests/hardening/global-setup.ts',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
