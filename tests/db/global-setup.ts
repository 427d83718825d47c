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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outlet-test-'));
  const stack = await startStack({
    dataDir,
    dbPort: port('TEST_DB_PORT', 64322),
    apiPort: port('TEST_SUPABASE_PORT', 64321),
    restPort: port('TEST_REST_PORT', 64329),
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
}
