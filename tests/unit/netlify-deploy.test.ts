/**
 * The workflow's deploy client (scripts/lib/netlify-deploy.ts, scripts/publish/deploy.ts) against the
 * Netlify stand-in (tests/fixtures/netlify.ts): only the files Netlify lacks are uploaded, and a
 * wrong token or a refused upload ends the deploy step with a message in Spanish and status 1.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployProblems, deployToNetlify } from '../../scripts/lib/netlify-deploy.ts';
import { ROOT } from '../../scripts/lib/root.ts';
import { type NetlifyStandIn, startNetlify } from '../fixtures/netlify.ts';

const run = promisify(execFile);
let netlify: NetlifyStandIn;
let site: string;

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(site, path, '..'), { recursive: true });
  await writeFile(join(site, path), text);
}

/** Runs `npm run publish:deploy`'s script on the site; its exit code and output. */
async function cli(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'scripts/publish/deploy.ts'), site, '--message', 'prueba'], {
      env: { ...process.env, NETLIFY_API_URL: netlify.url, NETLIFY_SITE_ID: netlify.siteId, NETLIFY_AUTH_TOKEN: netlify.token, ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const deploy = () =>
  deployToNetlify({ dir: site, siteId: netlify.siteId, token: netlify.token, apiUrl: netlify.url, pollMs: 20, retryDelayMs: 1 });

beforeAll(async () => {
  netlify = await startNetlify({ keepBodies: true });
  site = await mkdtemp(join(tmpdir(), 'outlet-netlify-deploy-'));
  await write('index.html', '<h1>Inicio</h1>');
  await write('tienda/index.html', '<h1>Tienda</h1>');
  await write('producto/blusa lino/index.html', '<p>$499</p>');
  await write('producto/vestido/index.html', '<p>$899</p>');
  await write('_astro/app.js', 'console.log(1)');
  await write('copia.js', 'console.log(1)'); // same content as another file
  await write('.oculto', 'no se publica');
});

afterAll(async () => {
  await netlify?.stop();
  await rm(site, { recursive: true, force: true });
});

describe('deploy to Netlify by file digests', () => {
  it('uploads every file on the first deploy, and the deploy goes live', async () => {
    const first = await deploy();
    expect(first.files).toBe(6);
    expect(first.required).toBe(5);
    expect(first.uploadedPaths).toEqual([
      '/_astro/app.js',
      '/copia.js',
      '/index.html',
      '/producto/blusa lino/index.html',
      '/producto/vestido/index.html',
      '/tienda/index.html',
    ]);
    const live = netlify.published();
    expect(live?.id).toBe(first.deployId);
    expect(live?.state).toBe('ready');
    expect(Object.keys(live?.files ?? {})).not.toContain('/.oculto');
    expect(netlify.bodies.get(live?.files['/producto/blusa lino/index.html'] ?? '')?.toString()).toBe('<p>$499</p>');
  });

  it('uploads exactly the file that changed on the next deploy, and nothing when nothing did', async () => {
    await write('producto/vestido/index.html', '<p>$799</p>');
    const since = netlify.requests.length;
    const second = await deploy();
    expect(second.uploadedPaths).toEqual(['/producto/vestido/index.html']);
    expect(netlify.uploadsSince(since)).toEqual(['/producto/vestido/index.html']);
    expect(netlify.published()?.id).toBe(second.deployId);

    const again = netlify.requests.length;
    const third = await deploy();
    expect(third.required).toBe(0);
    expect(netlify.uploadsSince(again)).toEqual([]);
    expect(netlify.published()?.id).toBe(third.deployId);
  });

  it('creates a deploy of more than 100 files asynchronously and waits for its digests', async () => {
    for (let i = 0; i < 120; i++) await write(`producto/p-${i}/index.html`, `<p>${i}</p>`);
    const since = netlify.requests.length;
    const result = await deploy();
    expect(result.uploaded).toBe(120);
    const created = netlify.requests.slice(since).find((r) => r.method === 'POST');
    expect(created).toBeDefined();
    expect(netlify.deploys.get(result.deployId)?.state).toBe('ready');
    // polled while 'preparing', before any upload
    const firstUpload = netlify.requests.findIndex((r, i) => i > since && r.method === 'PUT');
    expect(netlify.requests.slice(since, firstUpload).some((r) => r.method === 'GET')).toBe(true);
  });

  it('tries a failed upload again', async () => {
    await write('index.html', '<h1>Inicio nuevo</h1>');
    netlify.failUploads(2, 502);
    const result = await deploy();
    expect(result.uploadedPaths).toEqual(['/index.html']);
    expect(netlify.published()?.id).toBe(result.deployId);
  });

  it('makes no deploy when the site is the one the last deploy from the same file sent', async () => {
    const lastDeployFile = join(site, '..', `${site.split('/').at(-1)}-last.json`);
    const options = { dir: site, siteId: netlify.siteId, token: netlify.token, apiUrl: netlify.url, pollMs: 20, lastDeployFile };
    const first = await deployToNetlify(options);
    const since = netlify.requests.length;
    const same = await deployToNetlify(options);
    expect(same).toMatchObject({ skipped: true, deployId: first.deployId, uploaded: 0 });
    expect(netlify.requests.length).toBe(since);
    await write('tienda/index.html', '<h1>Tienda otra vez</h1>');
    const changed = await deployToNetlify(options);
    expect(changed.skipped).toBe(false);
    expect(changed.uploadedPaths).toEqual(['/tienda/index.html']);
    await rm(lastDeployFile, { force: true });
  });

  it('refuses file names and folders Netlify would refuse, before creating a deploy', () => {
    expect(deployProblems(['/a#b.html'])[0]).toMatch(/# ni \?/);
    const many = Array.from({ length: 54_001 }, (_, i) => `/producto/p${i}/index.html`);
    expect(deployProblems(many)).toEqual(['La carpeta /producto tiene 54,001 entradas; Netlify rechaza más de 54,000 en una carpeta.']);
  });
});

describe('npm run publish:deploy', () => {
  it('deploys and says what it uploaded', async () => {
    await write('tienda/index.html', '<h1>Tienda nueva</h1>');

    const { code, out } = await cli({});
    expect(code).toBe(0);
    expect(out).toMatch(/Publicado en Netlify en [\d.]+ s: 1 de 126 archivos subidos/);
  });

  it('fails with status 1 and says so in Spanish when the token is wrong', async () => {
    const { code, out } = await cli({ NETLIFY_AUTH_TOKEN: 'nfp_equivocado' });
    expect(code).toBe(1);
    expect(out).toContain('Netlify rechazó el token (NETLIFY_AUTH_TOKEN) al crear la publicación: 401');
  });

  it('fails with status 1 and says so in Spanish when the site is unknown', async () => {
    const { code, out } = await cli({ NETLIFY_SITE_ID: 'otro-sitio' });
    expect(code).toBe(1);
    expect(out).toContain('Netlify no encuentra el sitio otro-sitio (NETLIFY_SITE_ID)');
  });

  it('fails with status 1 and names the file when an upload is refused', async () => {
    await write('producto/vestido/index.html', '<p>$699</p>');
    netlify.failUploads(1, 422);
    const { code, out } = await cli({});
    expect(code).toBe(1);
    expect(out).toContain('Netlify respondió 422 al subir /producto/vestido/index.html');
    expect(netlify.published()?.files['/producto/vestido/index.html']).not.toBe(undefined);
  });
});
