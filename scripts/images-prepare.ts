/**
 * `node scripts/images-prepare.ts`: prepares the WebP sizes the shop shows when PUBLIC_IMAGE_TRANSFORMS=off
 * (Supabase projects without image transformations). Only what is missing is made, so it can run before
 * every build. Reads SUPABASE_URL (or PUBLIC_SUPABASE_URL) and SUPABASE_SERVICE_ROLE_KEY.
 */
import { prepareImages } from './lib/prepare-images.ts';
import { serviceClient } from './seed/db.ts';

const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
const serviceRoleKey = process.env['SUPABASE_SERVICE_ROLE_KEY'];
if (!url || !serviceRoleKey) {
  console.error('Faltan SUPABASE_URL (o PUBLIC_SUPABASE_URL) y/o SUPABASE_SERVICE_ROLE_KEY.');
  process.exit(1);
}
try {
  const started = performance.now();
  const result = await prepareImages(serviceClient(url, serviceRoleKey), (m) => console.log(m));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Tamaños de imagen listos: ${result.uploaded} copias nuevas de ${result.prepared} imágenes en ${seconds} s`);
  // an image that failed keeps its place in the queue: the next run tries it again
  for (const failure of result.failed) console.warn(`No se pudo preparar ${failure}`);
} catch (error) {
  console.error(`${(error as Error).message}\n¿Es correcta SUPABASE_URL y está en marcha el proyecto?`);
  process.exit(1);
}
