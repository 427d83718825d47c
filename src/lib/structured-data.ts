/**
 * schema.org data for search engines beyond the product itself (product-jsonld.ts): who the shop is
 * (Organization), the site and its search (WebSite), and where a page sits (BreadcrumbList).
 */
import { shopHref } from './filters.ts';
import { absoluteUrl } from './sitemap.ts';

/** The shop as an organisation: name, home, logo and its social profiles. */
export function organizationJsonLd(site: string, name: string, logoPath: string, profiles: readonly string[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: absoluteUrl(site, '/'),
    logo: absoluteUrl(site, logoPath),
    ...(profiles.length > 0 ? { sameAs: [...profiles] } : {}),
  };
}

/** The site, with the shop's search: /tienda?search=<term> is what the shop's own search box opens. */
export function webSiteJsonLd(site: string, name: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: absoluteUrl(site, '/'),
    inLanguage: 'es-MX',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(site, '/tienda')}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  /** Path on the site; the last crumb (the page itself) may omit it. */
  path?: string;
}

/** The trail from the home page to this page, positions from 1. */
export function breadcrumbJsonLd(site: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.path ? { item: absoluteUrl(site, c.path) } : {}),
    })),
  };
}

/** A product page's trail, as the page shows it and search engines read it: Inicio / Tienda / its category / the product. */
export function productCrumbs(p: { nombre: string; category_id: string | null; category_nombre: string | null }): Crumb[] {
  return [
    { name: 'Inicio', path: '/' },
    { name: 'Tienda', path: '/tienda' },
    ...(p.category_id && p.category_nombre ? [{ name: p.category_nombre, path: shopHref({ category_id: p.category_id }) }] : []),
    { name: p.nombre },
  ];
}
