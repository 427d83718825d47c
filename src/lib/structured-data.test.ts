import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, organizationJsonLd, productCrumbs, webSiteJsonLd } from './structured-data.ts';

describe('structured data', () => {
  it('names the shop as an organisation with its logo and profiles', () => {
    expect(organizationJsonLd('https://outlet.mx', 'Outlet', '/og-image.png', ['https://instagram.com/outlet'])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Outlet',
      url: 'https://outlet.mx/',
      logo: 'https://outlet.mx/og-image.png',
      sameAs: ['https://instagram.com/outlet'],
    });
    expect(organizationJsonLd('https://outlet.mx/', 'Outlet', '/og-image.png', [])).not.toHaveProperty('sameAs');
  });

  it('describes the site search as the shop page with ?search=', () => {
    const site = webSiteJsonLd('https://outlet.mx', 'Outlet');
    expect(site.potentialAction.target.urlTemplate).toBe('https://outlet.mx/tienda?search={search_term_string}');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('numbers the breadcrumb from 1 and leaves the page itself without a link', () => {
    expect(
      breadcrumbJsonLd('https://outlet.mx', [{ name: 'Inicio', path: '/' }, { name: 'Tienda', path: '/tienda' }, { name: 'Vestido' }])
        .itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://outlet.mx/' },
      { '@type': 'ListItem', position: 2, name: 'Tienda', item: 'https://outlet.mx/tienda' },
      { '@type': 'ListItem', position: 3, name: 'Vestido' },
    ]);
  });

  it('trails a product through its category when it has one', () => {
    expect(productCrumbs({ nombre: 'Vestido', category_id: 'c1', category_nombre: 'Ropa' }).map((c) => c.name)).toEqual([
      'Inicio',
      'Tienda',
      'Ropa',
      'Vestido',
    ]);
    expect(productCrumbs({ nombre: 'Vestido', category_id: 'c1', category_nombre: 'Ropa' })[2]?.path).toMatch(/^\/tienda\?/);
    expect(productCrumbs({ nombre: 'Vestido', category_id: null, category_nombre: null }).map((c) => c.name)).toEqual([
      'Inicio',
      'Tienda',
      'Vestido',
    ]);
  });
});
