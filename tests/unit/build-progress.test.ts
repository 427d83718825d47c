import { describe, expect, it } from 'vitest';
import { readProgress } from '../../scripts/lib/build-processes.ts';

describe("readProgress (Astro's progress lines)", () => {
  it('counts every page rendered, and the product pages among them', () => {
    const output = [
      '15:19:34   ├─ /404.html15:19:34   ├─ /como-comprar/index.html (+18ms) ',
      '15:19:35   ├─ /producto/nike-playera/index.html (+12ms) ',
      '15:19:35   ├─ /producto/niño-tenis/index.html (+10ms) ',
      '15:19:35   ├─ /producto/adidas-pantalon/index.html (+9ms) ',
      '15:20:02   └─ /tienda/index.html (+61ms) ',
      '15:20:02 [build] 6 page(s) built in 34.67s',
    ].join('\n');
    expect(readProgress(output)).toEqual({ pages: 6, productPages: 3 });
  });

  it('reads coloured lines as well (Astro colours them when CI is set)', () => {
    const output = [
      '\u001b[2m15:19:35\u001b[22m   \u001b[34m├─\u001b[39m \u001b[2m/producto/nike-playera/index.html\u001b[22m \u001b[2m(+9ms)\u001b[22m',
      '\u001b[2m15:19:35\u001b[22m   \u001b[34m├─\u001b[39m \u001b[2m/tienda/index.html\u001b[22m \u001b[2m(+61ms)\u001b[22m',
    ].join('\n');
    expect(readProgress(output)).toEqual({ pages: 2, productPages: 1 });
  });

  it('reads nothing from lines that are not pages', () => {
    expect(readProgress('15:18:37 [vite] ✓ built in 1.17s\n generating static routes \n')).toEqual({ pages: 0, productPages: 0 });
  });
});
