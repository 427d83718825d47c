/**
 * The storefront's JSON-returning RPCs: the generated types only say `Json`, so each result is declared
 * once here and `ShopDatabase` puts it in the schema the shop's client is typed with. `db.rpc(name, args)`
 * then returns the declared result, with no cast at the call.
 */
import type { Database } from './database.types.ts';

/** One option of a filter: its id, its label and how many products it would show. */
export interface FacetOption {
  id: string;
  nombre: string;
  product_count: number;
}

type FacetKey = 'categories' | 'subcategories' | 'brands' | 'campaigns' | 'sizes' | 'price_ranges';
export type ShopFacets = Record<FacetKey, FacetOption[]>;

/** A product of `shop_page`: its columns, its brand's display name and category/subcategory names (null when hidden). */
export type ShopPageProduct = Pick<
  Database['public']['Tables']['products']['Row'],
  | 'id'
  | 'nombre'
  | 'marca'
  | 'brand_id'
  | 'precio_original'
  | 'precio_venta'
  | 'imagen_principal'
  | 'permalink'
  | 'destacado'
  | 'category_id'
  | 'subcategory_id'
  | 'created_at'
  | 'sizes'
> & {
  brand_display_name: string | null;
  category_nombre: string | null;
  subcategory_nombre: string | null;
  campaign: { id: string; nombre: string; fecha_fin: string };
};

/** What each JSON RPC returns. */
interface JsonRpcResults {
  shop_page: { total: number; products: ShopPageProduct[]; facets: Partial<ShopFacets> };
}

type Generated = Database['public'];

/** The generated schema with each JSON RPC's `Returns` replaced by its declared result. */
export type ShopDatabase = Omit<Database, 'public'> & {
  public: Omit<Generated, 'Functions'> & {
    Functions: Omit<Generated['Functions'], keyof JsonRpcResults> & {
      [N in keyof JsonRpcResults]: Omit<Generated['Functions'][N], 'Returns'> & { Returns: JsonRpcResults[N] };
    };
  };
};
