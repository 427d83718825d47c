/**
 * /tienda's built first view carries the facets it shows and no others: the tendencia, categoría, precio and
 * talla selects (the 'Mi talla' chip reads the sizes too). Subcategories are offered only once a category is
 * chosen and brands only ever name a chip, and choosing any filter loads that view's facets live, so the
 * build leaves both out of the page instead of shipping every one of them in its HTML.
 */
export function firstViewFacets<F extends { subcategories: readonly unknown[]; brands: readonly unknown[] }>(facets: F): F {
  return { ...facets, subcategories: [], brands: [] };
}
