/**
 * The two builders a shop build starts as child processes: `astro build` for the pages, whose progress
 * lines say which pages it rendered, and `vite build` for the back office.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface AstroRun {
  root: string;
  outDir: string;
  env: NodeJS.ProcessEnv;
  quiet: boolean;
  signal?: AbortSignal | undefined;
  /** Written to the build's standard input once it settles (the catalogue, read once for every build). */
  input?: Promise<string> | undefined;
}

/** What Astro's progress lines say of the pages it rendered. */
export interface Progress {
  pages: number;
  /** Of which product pages (/producto/…). */
  productPages: number;
}

/** Reads Astro's progress lines: one '├─ /path' (or '└─ /path') per page rendered. */
export function readProgress(colored: string): Progress {
  // Astro colours its lines whenever it thinks the terminal can show it (always when CI is set)
  const output = stripVTControlCharacters(colored);
  return {
    pages: output.match(/[├└]─ \//g)?.length ?? 0,
    productPages: output.match(/[├└]─ \/producto\//g)?.length ?? 0,
  };
}

export function astroBuild(run: AstroRun): Promise<Progress> {
  const astro = join(run.root, 'node_modules/astro/bin/astro.mjs');
  // the pages render as on a server, without the browser's localStorage (Node's would warn on every build)
  const args = ['--no-experimental-webstorage', astro, 'build', '--outDir', run.outDir];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: run.root,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: run.env,
      ...(run.signal ? { signal: run.signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.stdin.on('error', () => undefined); // the build ended without reading it: its exit code says why
    // a failed read closes the input empty: the page that reads it fails the build
    (run.input ?? Promise.resolve('')).then(
      (text) => child.stdin.end(text),
      () => child.stdin.end(),
    );
    const progress: Progress = { pages: 0, productPages: 0 };
    let tail = '';
    const read = (text: string) => {
      const seen = readProgress(text);
      progress.pages += seen.pages;
      progress.productPages += seen.productPages;
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!run.quiet) process.stdout.write(chunk);
      // whole lines only: a chunk may end in the middle of one
      const text = tail + chunk;
      const end = text.lastIndexOf('\n') + 1;
      read(text.slice(0, end));
      tail = text.slice(end);
    });
    child.once('error', (error) => fail(run.signal?.aborted ? run.signal.reason : error));
    child.once('close', (code) => {
      read(tail);
      if (code !== 0) return fail(new Error(`astro build terminó con código ${code}`));
      done(progress);
    });
  });
}

/** The back office's build (vite build with admin/vite.config.ts) into `outDir`. */
export function adminBuild(root: string, outDir: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', join(root, 'admin/vite.config.ts'), '--outDir', outDir];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.once('error', (error) => fail(signal?.aborted ? signal.reason : error));
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`La compilación del panel de administración terminó con código ${code}`)),
    );
  });
}
