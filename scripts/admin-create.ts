/**
 * `npm run admin:create -- <email> <password>`: creates or promotes an admin.
 * Local stack by default; for a hosted project set SUPABASE_URL (or PUBLIC_SUPABASE_URL) and
 * SUPABASE_SERVICE_ROLE_KEY. The service role key stays in this script's environment only.
 */
import { ensureAdmin } from './lib/admin-user.ts';
import { makeApiKeys, DEFAULT_JWT_SECRET } from './stack/keys.ts';

const [email, password] = process.argv.slice(2);
if (!email || !password || !email.includes('@') || password.length < 8) {
  console.error('Uso: npm run admin:create -- <correo> <contraseña de 8 o más caracteres>');
  process.exit(1);
}
const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'] ?? `http://127.0.0.1:${process.env['SUPABASE_PORT'] ?? 54321}`;
const serviceRoleKey =
  process.env['SUPABASE_SERVICE_ROLE_KEY'] ?? (await makeApiKeys(process.env['JWT_SECRET'] ?? DEFAULT_JWT_SECRET)).serviceRoleKey;
try {
  const result = await ensureAdmin(url, serviceRoleKey, email, password);
  console.log(`Administrador ${result}: ${email.trim().toLowerCase()} en ${url}`);
} catch (error) {
  console.error(`${(error as Error).message}\n¿Está corriendo la pila (npm start) o es correcta SUPABASE_URL?`);
  process.exit(1);
}
