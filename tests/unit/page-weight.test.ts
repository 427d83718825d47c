import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../scripts/lib/page-weight.ts';

const dist = mkdtempSync(join(tmpdir(), 'weight-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
};
const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

describe('pageWeight', () => {
  it('counts the HTML, its stylesheets and the scripts loaded up front with their static imports, not later ones', () => {
    const island = 'import{a}from"./shared.js";import"./side.js";const later=()=>import("./later.js");';
    const files = {
      '_astro/island.js': island,
      '_astro/shared.js': 'export const a=1;'.repeat(20),
      '_astro/side.js': 'console.log(1)',
      '_astro/later.js': 'x'.repeat(5000),
      '_astro/client.js': 'export{b}from"./shared.js";',
      '_astro/site.css': 'body{color:red}',
    };
    for (const [path, text] of Object.entries(files)) write(path, text);
    const html =
      '<link rel="stylesheet" href="/_astro/site.css"><astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>';
    write('tienda/index.html', html);

    const weight = pageWeight(dist, '/tienda');
    expect(weight.jsFiles).toBe(4);
    expect(weight.js).toBe(gz(island) + gz(files['_astro/shared.js']) + gz(files['_astro/side.js']) + gz(files['_astro/client.js']));
    expect(weight.css).toBe(gz(files['_astro/site.css']));
    expect(weight.html).toBe(gz(html));
  });

  it('leaves out an island that hydrates on the first touch (client:interaction), not the runtime another island loads', () => {
    write('_astro/search.js', 'y'.repeat(3000));
    write('_astro/island.js', 'export const i=1;');
    write('_astro/client.js', 'export const c=1;');
    const html =
      '<astro-island component-url="/_astro/search.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>' +
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js" client="idle"></astro-island>';
    write('inicio/index.html', html);
    const weight = pageWeight(dist, '/inicio');
    expect(weight.jsFiles).toBe(2);
    expect(weight.js).toBe(gz('export const i=1;') + gz('export const c=1;'));
  });
});
