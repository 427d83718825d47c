/**
 * The rendered-image cache's size limit and the render queue of the local image transformation.
 *
 * - The cache holds at most `capBytes` (RENDER_CACHE_MB, default 512 MB): past it, the variants used
 *   least recently are deleted until it is back under 90% of the cap. What is on disk when the gateway
 *   starts is counted on the first render.
 * - At most `concurrency` images are rendered at once; up to `maxQueued` more wait their turn; beyond
 *   that a request is refused at once (503) instead of piling work on the machine.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from './errors.ts';

export interface RenderCacheOptions {
  root: string;
  capBytes: number;
  concurrency: number;
  maxQueued: number;
}

export class RenderCache {
  readonly #opts: RenderCacheOptions;
  /** Cached file → size and last use, in use order (a Map keeps insertion order: oldest first). */
  #files = new Map<string, number>();
  #total = 0;
  #loaded: Promise<void> | undefined;
  #running = 0;
  #waiting: Array<() => void> = [];

  constructor(opts: RenderCacheOptions) {
    this.#opts = opts;
  }

  get totalBytes(): number {
    return this.#total;
  }

  /** Runs a render when a slot is free; refuses when too many are already waiting. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#opts.concurrency) {
      if (this.#waiting.length >= this.#opts.maxQueued) {
        throw new HttpError(503, {
          statusCode: '503',
          error: 'TooManyRequests',
          message: 'Demasiadas imágenes en proceso; intenta de nuevo en un momento.',
        });
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await render();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Records a use of a cached file (a hit or a new render), then trims the cache to its cap. */
  async used(path: string, size: number): Promise<void> {
    await this.#load();
    this.#total -= this.#files.get(path) ?? 0;
    this.#files.delete(path);
    this.#files.set(path, size);
    this.#total += size;
    if (this.#total <= this.#opts.capBytes) return;
    const target = this.#opts.capBytes * 0.9;
    for (const [file, bytes] of this.#files) {
      if (this.#total <= target || file === path) break;
      this.#files.delete(file);
      this.#total -= bytes;
      await rm(file, { force: true });
    }
  }

  /** Forgets files removed with their object (their folder is deleted by the caller). */
  forget(dir: string): void {
    for (const [file, bytes] of this.#files) {
      if (file.startsWith(dir)) {
        this.#files.delete(file);
        this.#total -= bytes;
      }
    }
  }

  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      const entries = await readdir(this.#opts.root, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: Array<{ path: string; size: number; mtime: number }> = [];
      for (const e of entries) {
        if (!e.isFile()) continue;
        const path = join(e.parentPath, e.name);
        const info = await stat(path).catch(() => null);
        if (info) found.push({ path, size: info.size, mtime: info.mtimeMs });
      }
      for (const f of found.sort((a, b) => a.mtime - b.mtime)) {
        if (!this.#files.has(f.path)) {
          this.#files.set(f.path, f.size);
          this.#total += f.size;
        }
      }
    })();
    return this.#loaded;
  }
}
