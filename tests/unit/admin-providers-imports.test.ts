/**
 * The back office's data providers (admin/providers) are the layer the resource folders stand on:
 * they import from themselves, the shared admin code (admin/common), the storefront's code (`@/`),
 * the Edge Functions' shared shapes and packages, never from a resource folder above them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PROVIDERS = join(import.meta.dirname, '../../admin/providers');
const ALLOWED = [/^\.\//, /^\.\.\/common\//, /^\.\.\/\.\.\/supabase\/functions\//, /^@\//, /^[a-z@][^.]/];

describe('admin/providers', () => {
  it('imports nothing from the resource folders', () => {
    const upward: string[] = [];
    for (const file of readdirSync(PROVIDERS).filter((name) => /\.tsx?$/.test(name))) {
      const text = readFileSync(join(PROVIDERS, file), 'utf8');
      for (const [, path] of text.matchAll(/\bfrom '([^']+)'/g)) {
        if (path && !ALLOWED.some((rule) => rule.test(path))) upward.push(`${file}: ${path}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
