import { describe, expect, it } from 'vitest';
import { hostLimitWarnings } from '../../scripts/lib/host-limits.ts';

const folder = (entries: number) => ({ path: 'producto', entries });

describe('hostLimitWarnings', () => {
  it('says nothing while the build fits every host', () => {
    expect(hostLimitWarnings({ files: 10_200, fullestFolder: folder(9_900) })).toEqual([]);
  });

  it("names Cloudflare's free limit above 20,000 files, and its paid one above 100,000", () => {
    expect(hostLimitWarnings({ files: 20_001, fullestFolder: folder(9_900) })).toEqual([
      'La tienda tiene 20,001 archivos: Cloudflare Pages admite 20,000 por despliegue en su plan gratuito.',
    ]);
    expect(hostLimitWarnings({ files: 100_500, fullestFolder: folder(50_000) })).toEqual([
      'La tienda tiene 100,500 archivos: Cloudflare Pages admite 100,000 por despliegue en sus planes de pago.',
    ]);
  });

  it("names Netlify's limit of 54,000 files in one folder", () => {
    expect(hostLimitWarnings({ files: 110_000, fullestFolder: folder(54_001) })).toContain(
      'La carpeta producto tiene 54,001 elementos: Netlify rechaza un despliegue con más de 54,000 archivos en una carpeta.',
    );
  });
});
