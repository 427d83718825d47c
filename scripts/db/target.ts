/** Which database and storage folder `db:backup` and `db:restore` work on, from the environment. */
import { join } from 'node:path';
import { stackOptionsFromEnv } from '../stack/config.ts';
import { DB_PASSWORD, DB_USER } from '../stack/postgres.ts';

export interface DbTarget {
  dbUrl: string;
  /** True when DATABASE_URL was not given: the local stack's own database. */
  local: boolean;
  dataDir: string;
  storageDir: string;
  dbPort: number;
}

export function dbTarget(): DbTarget {
  const stack = stackOptionsFromEnv();
  const given = process.env['DATABASE_URL'];
  return {
    dbUrl: given || `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${stack.dbPort}/postgres`,
    local: !given,
    dataDir: stack.dataDir,
    storageDir: join(stack.dataDir, 'storage'),
    dbPort: stack.dbPort,
  };
}

/** The address without its password, for messages. */
export const redact = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** True when nothing listens at the database's address (the stack is stopped). */
export function isRefused(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNREFUSED' || (error instanceof AggregateError && error.errors.some(isRefused));
}
