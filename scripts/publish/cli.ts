/**
 * The publish workflow's conversation with the database, through the service role (never the anon
 * key): SUPABASE_URL (or PUBLIC_SUPABASE_URL) and SUPABASE_SERVICE_ROLE_KEY.
 *
 *   node scripts/publish/cli.ts check
 *       Prints whether there is anything to publish; writes publish=true|false to $GITHUB_OUTPUT.
 *   node scripts/publish/cli.ts start --trigger schedule|midnight|admin|manual [--publication-id N] [--commit SHA]
 *       Marks the publication as building and claims the pending changes; writes publication_id.
 *   node scripts/publish/cli.ts finish --id N (--ok --dir dist --started-at ISO | --error "message")
 *       Records the result: pages built and duration, or the error the console shows.
 */
import { appendFile, readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { type PublicationState, publishVerdict } from './decision.ts';

const TRIGGERS = ['schedule', 'midnight', 'admin', 'manual'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function service() {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const key = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !key) fail('Define SUPABASE_URL y SUPABASE_SERVICE_ROLE_KEY (secretos del repositorio).');
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await service().rpc(name, args);
  if (error) fail(`${name}: ${error.message}`);
  return data as T;
}

async function output(name: string, value: string): Promise<void> {
  const file = process.env['GITHUB_OUTPUT'];
  if (file) await appendFile(file, `${name}=${value}\n`);
}

/** HTML pages in a build (the sitemap's pages plus the 404 and the admin shell). */
async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    trigger: { type: 'string' },
    'publication-id': { type: 'string' },
    commit: { type: 'string' },
    id: { type: 'string' },
    ok: { type: 'boolean', default: false },
    error: { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    'started-at': { type: 'string' },
  },
});

if (command === 'check') {
  const verdict = publishVerdict(await call<PublicationState>('publication_state'), new Date());
  console.log(verdict.publish ? `Publicar: ${verdict.reason}.` : 'Nada que publicar.');
  await output('publish', String(verdict.publish));
} else if (command === 'start') {
  const trigger = values.trigger ?? 'schedule';
  if (!TRIGGERS.includes(trigger)) fail(`--trigger debe ser uno de: ${TRIGGERS.join(', ')}`);
  const requested = values['publication-id'] ? Number(values['publication-id']) : null;
  const id = await call<number>('start_publication', {
    p_trigger: trigger,
    p_publication_id: Number.isSafeInteger(requested) ? requested : null,
    p_commit_sha: values.commit ?? null,
  });
  console.log(`Publicación ${id} en curso.`);
  await output('publication_id', String(id));
} else if (command === 'finish') {
  const id = Number(values.id);
  if (!Number.isSafeInteger(id)) fail('--id debe ser el número de la publicación.');
  if (values.ok) {
    const started = values['started-at'] ? Date.parse(values['started-at']) : Number.NaN;
    await call('finish_publication', {
      p_id: id,
      p_ok: true,
      p_pages: await countPages(values.dir),
      p_duration_ms: Number.isNaN(started) ? null : Date.now() - started,
    });
    console.log(`Publicación ${id} publicada.`);
  } else {
    await call('finish_publication', { p_id: id, p_ok: false, p_error: values.error ?? 'La publicación falló.' });
    console.log(`Publicación ${id} marcada como fallida.`);
  }
} else {
  fail('Uso: node scripts/publish/cli.ts check | start --trigger T [--publication-id N] | finish --id N (--ok | --error M)');
}
