/**
 * `npm run admin:create -- <email> <password>`: creates or updates an owner (role 'owner'): the first
 * account of a shop, or a way back in when nobody can sign in; owners invite everyone else in 'Equipo'.
 * Local stack by default: the key is signed with the local data folder's own secret (DATA_DIR or
 * .local/supabase), and only for a stack on this machine. For a hosted project set SUPABASE_URL (or
 * PUBLIC_SUPABASE_URL) and SUPABASE_SERVICE_ROLE_KEY; without the key a remote address is refused,
 * never sent a key of our own making. The service role key stays in this script's environment only.
 */
import { ensureAdmin } from './lib/admin-user.ts';
import { stackOptionsFromEnv } from './stack/config.ts';
import { makeApiKeys, readJwtSecret } from './stack/keys.ts';

const [email, password] = process.argv.slice(2);
if (!email || !password || !email.includes('@') || password.length < 8) {
  console.error('Uso: npm run admin:create -- <correo> <contraseña de 8 o más caracteres>');
  process.exit(1);
}
const url =
  process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'] ?? `http://127.0.0.1:${process.env['SUPABASE_PORT'] ?? 54321}`;

/** The service role key to use, or a Spanish reason why there is none. */
async function serviceRoleKey(): Promise<{ key: string } | { refused: string }> {
  const given = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (given) return { key: given };
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    return { refused: `Para ${url} hace falta SUPABASE_SERVICE_ROLE_KEY (la clave service_role del proyecto).` };
  }
  const secret = await readJwtSecret(stackOptionsFromEnv().dataDir);
  if (!secret) return { refused: 'No hay una pila local en esta carpeta: inicia `npm start` una vez o define SUPABASE_SERVICE_ROLE_KEY.' };
  return { key: (await makeApiKeys(secret)).serviceRoleKey };
}

const key = await serviceRoleKey();
if ('refused' in key) {
  console.error(key.refused);
  process.exit(1);
}
try {
  const result = await ensureAdmin(url, key.key, email, password);
  console.log(`Dueño ${result}: ${email.trim().toLowerCase()} en ${url}`);
} catch (error) {
  console.error(`${(error as Error).message}\n¿Está corriendo la pila (npm start) o es correcta SUPABASE_URL?`);
  process.exit(1);
}
