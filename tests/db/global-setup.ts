/** Starts a throwaway stack for the db suite: its own data folder and ports, no demo data. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../scripts/stack/index.ts';

export interface StackInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * A vitest global setup that starts a throwaway stack on the given ports (each overridable by the
 * environment variable `<prefix>DB_PORT`, `<prefix>SUPABASE_PORT`, `<prefix>REST_PORT`) and provides
 * it to the tests as `stack`. Each project gets its own ports, so projects can run side by side.
 */
export function stackSetup(prefix: string, defaults: { db: number; api: number; rest: number }) {
  return async function setup(project: TestProject): Promise<() => Promise<void>> {
    const dataDir = await mkdtemp(join(tmpdir(), 'outlet-test-'));
    const stack = await startStack({
      dataDir,
      dbPort: port(`${prefix}DB_PORT`, defaults.db),
      apiPort: port(`${prefix}SUPABASE_PORT`, defaults.api),
      restPort: port(`${prefix}REST_PORT`, defaults.rest),
      seed: false,
      durable: false,
      log: () => undefined,
    });
    project.provide('stack', {
      url: stack.url,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      jwtSecret: stack.jwtSecret,
      dbUrl: stack.dbUrl,
    });
    return async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  };
}

export default stackSetup('TEST_', { db: 64322, api: 64321, rest: 64329 });
