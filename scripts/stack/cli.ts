/** `npm run stack`: starts only the local Supabase stack and keeps it running until Ctrl-C. */
import { parseArgs } from 'node:util';
import { stackOptionsFromEnv } from './config.ts';
import { startStack } from './index.ts';
import { onShutdown } from './shutdown.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'db-port': { type: 'string' },
    'api-port': { type: 'string' },
    'rest-port': { type: 'string' },
    'no-seed': { type: 'boolean', default: false },
    fast: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Uso: node scripts/stack/cli.ts [opciones]
  --data-dir DIR    carpeta de datos (por defecto .local/supabase, o DATA_DIR)
  --db-port N       Postgres (por defecto 54322, o DB_PORT)
  --api-port N      API de Supabase: /rest/v1 /auth/v1 /storage/v1 /functions/v1 (54321, o SUPABASE_PORT)
  --rest-port N     PostgREST interno (54329, o REST_PORT)
  --no-seed         no carga los datos de demostración en una base nueva
  --fast            sin fsync (datos desechables, para pruebas)`);
  process.exit(0);
}

const base = stackOptionsFromEnv();
const stack = await startStack({
  ...base,
  dataDir: values['data-dir'] ?? base.dataDir,
  dbPort: Number(values['db-port'] ?? base.dbPort),
  apiPort: Number(values['api-port'] ?? base.apiPort),
  restPort: Number(values['rest-port'] ?? base.restPort),
  seed: !values['no-seed'],
  durable: !values.fast,
});
console.log(`
Supabase URL:      ${stack.url}
Anon key:          ${stack.anonKey}
Service role key:  ${stack.serviceRoleKey}
Postgres:          ${stack.dbUrl}
`);
onShutdown(stack.stop);
