/**
 * A gateway of a test file's own in front of the db suite's stack (its Postgres, PostgREST and keys):
 * for the tests that serve the Edge Functions with secrets of their own, or try the gateway itself.
 * Its storage is a temporary folder, removed when it closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GatewayOptions, serveGateway } from '../../scripts/stack/gateway/index.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { stack } from './helpers.ts';

/** The port of the files that serve the project's functions: they run one at a time, so they share it. */
export const FUNCTIONS_GATEWAY_PORT = Number(process.env['TEST_FUNCTIONS_GATEWAY_PORT'] ?? 64962);

export interface TestGateway {
  url: string;
  /** Where it keeps the stored objects and the render cache. */
  storageDir: string;
  close(): Promise<void>;
}

/** What a test chooses; the rest is the stack's. The functions are the project's unless another folder is named. */
type Choices = Partial<
  Pick<GatewayOptions, 'functionsDir' | 'functionSecrets' | 'allowedOrigins' | 'renderCacheBytes' | 'authFailuresPerAddress'>
> & {
  port?: number;
};

export async function startGateway({
  port = FUNCTIONS_GATEWAY_PORT,
  functionsDir = join(ROOT, 'supabase/functions'),
  ...choices
}: Choices = {}): Promise<TestGateway> {
  const storageDir = await mkdtemp(join(tmpdir(), 'outlet-test-gateway-'));
  const url = `http://127.0.0.1:${port}`;
  const removeStorage = () => rm(storageDir, { recursive: true, force: true });
  try {
    const gateway = await serveGateway({
      port,
      restUrl: stack.restUrl,
      jwtSecret: stack.jwtSecret,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      dbUrl: stack.dbUrl,
      storageDir,
      functionsDir,
      publicUrl: url,
      ...choices,
    });
    return {
      url,
      storageDir,
      close: async () => {
        await gateway.close();
        await removeStorage();
      },
    };
  } catch (error) {
    await removeStorage();
    throw error;
  }
}
