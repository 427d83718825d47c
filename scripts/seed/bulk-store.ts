/** What the bulk seed reads before it plans products, and the rows it writes for each batch. */

export interface References {
  campaigns: { id: string; fecha_fin: string }[];
  brands: { id: string; name: string }[];
  categories: { id: string; nombre: string }[];
  subcategories: { id: string; nombre: string; category_id: string }[];
  /** Already-uploaded pictures with the subcategory of the product that shows them. */
  images: {
    main: { subcategoryId: string | null; url: string }[];
    gallery: { subcategoryId: string | null; url: string }[];
  };
  /** Every permalink taken, so new ones never collide. */
  permalinks: string[];
}

export interface ProductRow {
  id: string;
  campaign_id: string;
  category_id: string;
  subcategory_id: string | null;
  brand_id: string;
  marca: string;
  nombre: string;
  precio_original: number;
  precio_venta: number;
  descripcion: string | null;
  imagen_principal: string;
  permalink: string;
  destacado: boolean;
  created_at: string;
  updated_at: string;
}

/** One batch: products and, for each, its private row, gallery images and sizes. */
export interface BulkRows {
  products: ProductRow[];
  privates: { product_id: string; costo_compra: number; link_externo: string | null }[];
  images: { product_id: string; image_url: string; orden: number }[];
  sizes: { product_id: string; talla: string }[];
}

export interface BulkStore {
  read(): Promise<References>;
  /** Before the first batch of a seed of `count` products. */
  start(count: number): Promise<void>;
  /** Writes one batch; products first, as the other rows refer to them. */
  write(rows: BulkRows): Promise<void>;
  /** After the last batch, when every batch was written. */
  finish(): Promise<void>;
  close(): Promise<void>;
}
