/** Builds the storefront (astro build) against a Supabase project, with the anon key only. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface BuildTarget {
  supabaseUrl: string;
  anonKey: string;
  root: string;
  outDir?: string;
}

export function buildShop(target: BuildTarget): Promise<void> {
  const astro = join(target.root, 'node_modules/astro/bin/astro.mjs');
  const args = [astro, 'build', ...(target.outDir ? ['--outDir', target.outDir] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: target.root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: target.supabaseUrl,
        PUBLIC_SUPABASE_ANON_KEY: target.anonKey,
      },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build terminó con código ${code}`))));
  });
}
