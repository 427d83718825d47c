/**
 * The shop of another commit (BENCH_BASELINE_REF), to build and audit beside this checkout's in the
 * same bench run: a detached git worktree of it with its own dependencies, as a clean clone installs
 * them, removed afterwards.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../stack/index.ts';

const run = promisify(execFile);

export interface Baseline {
  ref: string;
  /** The commit the ref named. */
  commit: string;
  root: string;
  remove(): Promise<void>;
}

/** A worktree of `ref` at `dir`, with `npm install` run in it. */
export async function checkoutBaseline(ref: string, dir: string, log: (m: string) => void): Promise<Baseline> {
  const commit = (await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT })).stdout.trim();
  await run('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT });
  const remove = async () => {
    await run('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT }).catch(() => undefined);
  };
  try {
    log(`base: instalando las dependencias de ${ref} (${commit.slice(0, 7)})…`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    await remove();
    throw error;
  }
  return { ref, commit, root: dir, remove };
}
