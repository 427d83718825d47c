/**
 * The browser tests' two stacks (see global-setup.ts): the storefront's, for the phone and desktop
 * projects, and the back office's, for the admin project. Each has its own ports (each overridable
 * by the environment variable named beside it) and its own shop. The global setup writes each one's
 * addresses and keys as E2E_<STACK>_* variables; a worker then takes its project's as the E2E_*
 * variables the tests read (fixtures.ts).
 */
export type StackName = 'storefront' | 'admin';

export interface E2eStack {
  name: StackName;
  dbPort: number;
  apiPort: number;
  restPort: number;
  /** Where its built shop (and /admin) is served. */
  shopPort: number;
  /** The ports of the pages allowed to call its API. */
  origins: number[];
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Where the admin publishing test stands up its own static host, on the back office's stack. */
export const PUBLISH_PORT = port('E2E_PUBLISH_PORT', 64401);

const STOREFRONT_SHOP_PORT = port('E2E_SHOP_PORT', 64400);
const ADMIN_SHOP_PORT = port('E2E_ADMIN_SHOP_PORT', 64402);

export const E2E_STACKS: E2eStack[] = [
  {
    name: 'storefront',
    dbPort: port('E2E_DB_PORT', 65322),
    apiPort: port('E2E_SUPABASE_PORT', 65321),
    restPort: port('E2E_REST_PORT', 65329),
    shopPort: STOREFRONT_SHOP_PORT,
    origins: [STOREFRONT_SHOP_PORT],
  },
  {
    name: 'admin',
    dbPort: port('E2E_ADMIN_DB_PORT', 65332),
    apiPort: port('E2E_ADMIN_SUPABASE_PORT', 65331),
    restPort: port('E2E_ADMIN_REST_PORT', 65339),
    shopPort: ADMIN_SHOP_PORT,
    origins: [ADMIN_SHOP_PORT, PUBLISH_PORT],
  },
];

/** The shop's address on a stack, for a project's baseURL. */
export function shopUrl(name: StackName): string {
  const stack = E2E_STACKS.find((s) => s.name === name)!;
  return `http://127.0.0.1:${stack.shopPort}`;
}

interface StackValues {
  baseUrl: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  /** PostgREST itself and the stack's JWT secret: for a test that serves the functions with secrets of its own. */
  restUrl: string;
  jwtSecret: string;
  /** The folder its shop was built into: for a test that reads the built files themselves. */
  dist: string;
}

const VARIABLES: Record<keyof StackValues, string> = {
  baseUrl: 'BASE_URL',
  supabaseUrl: 'SUPABASE_URL',
  anonKey: 'ANON_KEY',
  serviceRoleKey: 'SERVICE_ROLE_KEY',
  dbUrl: 'DB_URL',
  restUrl: 'REST_URL',
  jwtSecret: 'JWT_SECRET',
  dist: 'DIST',
};

/** A stack's values as the E2E_<STACK>_* variables the global setup hands to the workers. */
export function stackEnv(name: StackName, values: StackValues): Record<string, string> {
  const prefix = `E2E_${name.toUpperCase()}_`;
  return Object.fromEntries(Object.entries(VARIABLES).map(([key, variable]) => [prefix + variable, values[key as keyof StackValues]]));
}

/** In a worker: the E2E_* variables the tests read become those of the given stack. */
export function useStack(name: StackName): void {
  const prefix = `E2E_${name.toUpperCase()}_`;
  for (const variable of Object.values(VARIABLES)) {
    const value = process.env[prefix + variable];
    if (!value) throw new Error(`${prefix + variable} no está definido: ¿corrió tests/e2e/global-setup.ts?`);
    process.env[`E2E_${variable}`] = value;
  }
}

/** Which stack a project's tests run on. */
export function stackOf(project: string): StackName {
  return project === 'admin' ? 'admin' : 'storefront';
}
