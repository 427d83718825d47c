/**
 * `npm run -s publish:deploy -- <site folder> [--message "…"] [--draft] [--last-deploy <file>]`: deploys
 * a built site to Netlify (scripts/lib/netlify-deploy.ts): the SHA-1 of every file, then only the files
 * Netlify does not hold yet, then waits until the deploy is live. The publish workflow's deploy steps.
 * With --last-deploy, a site file for file the same as the last deploy made with that file is not
 * deployed again.
 *
 * NETLIFY_AUTH_TOKEN (a personal access token) and NETLIFY_SITE_ID (the site's id); NETLIFY_API_URL
 * points at another API (the tests' and the bench's stand-in, tests/fixtures/netlify.ts). Exits with
 * status 1 and a message in Spanish when the deploy fails.
 */
import { parseArgs } from 'node:util';
import { deployToNetlify, NETLIFY_API_URL, NetlifyDeployError } from '../lib/netlify-deploy.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { message: { type: 'string' }, draft: { type: 'boolean', default: false }, 'last-deploy': { type: 'string' } },
});
const dir = positionals[0];
const token = process.env['NETLIFY_AUTH_TOKEN'];
const siteId = process.env['NETLIFY_SITE_ID'];
if (!dir || !token || !siteId) {
  console.error(
    'Uso: NETLIFY_AUTH_TOKEN=… NETLIFY_SITE_ID=… node scripts/publish/deploy.ts <carpeta del sitio> [--message "…"] [--draft] [--last-deploy <archivo>]',
  );
  process.exit(1);
}
try {
  const result = await deployToNetlify({
    dir,
    token,
    siteId,
    apiUrl: process.env['NETLIFY_API_URL'] || NETLIFY_API_URL,
    draft: values.draft,
    ...(values.message ? { title: values.message } : {}),
    ...(values['last-deploy'] ? { lastDeployFile: values['last-deploy'] } : {}),
    log: (line) => console.log(line),
  });
  if (!result.skipped)
    console.log(
      `Publicado en Netlify en ${(result.ms.total / 1000).toFixed(1)} s: ${result.uploaded.toLocaleString('es-MX')} de ${result.files.toLocaleString('es-MX')} archivos subidos, ${result.requests} peticiones.`,
    );
} catch (error) {
  console.error(error instanceof NetlifyDeployError ? error.message : `No se pudo publicar en Netlify: ${(error as Error).stack ?? error}`);
  process.exit(1);
}
