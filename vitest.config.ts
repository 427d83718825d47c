import { defineConfig } from 'vitest/config';

// Four projects: `unit` (pure logic, no I/O), `db` and `db-builds` (against throwaway local stacks
// started by their global setups) and `hardening`. Run one with `vitest run --project unit`.
/** The database tests that build the shop: the longest of them, run as a project of their own. */
const BUILDING = [
  'tests/db/incremental-build.test.ts',
  'tests/db/size-guides.test.ts',
  'tests/db/feeds.test.ts',
  'tests/db/rebuild.test.ts',
  'tests/db/publication-reclaim.test.ts',
  'tests/db/announcements-build.test.ts',
];

export default defineConfig({
  test: {
    // `npm test` runs each database project in a process of its own, beside one for the unit and
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
          exclude: BUILDING,
          environment: 'node',
          globalSetup: './tests/db/global-setup.ts',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // the database tests that build the shop, on a stack of their own beside the others
        resolve: { tsconfigPaths: true },
        test: {
          name: 'db-builds',
          include: BUILDING,
          environment: 'node',
          globalSetup: './tests/db/global-setup-builds.ts',
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
