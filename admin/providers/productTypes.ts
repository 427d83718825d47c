/** Shapes of the admin products functions (supabase/schemas/10_admin_products.sql) and the product form. */
export interface AdminProduct {
  id: string;
  campaign_id: string;
  category_id: string | null;
  subcategory_id: string | null;
  brand_id: string | null;
  marca: string;
  nombre: string;
  precio_original: number;
  precio_venta: number;
  costo_compra: number;
  link_externo: string | null;
  descripcion: string | null;
  imagen_principal: string | null;
  permalink: string;
  destacado: boolean;
  sizes: string[];
  /** No piece is for sale now: every one sold, or held by an unpaid order. */
  agotado: boolean;
  /** A product without sizes is its own stock: its pieces not yet sold, and those unpaid orders hold. */
  existencias: number;
  apartadas: number;
  created_at: string;
  updated_at: string;
  campaign: { id: string; nombre: string; fecha_fin: string } | null;
  category_nombre: string | null;
  subcategory_nombre: string | null;
  brand_display_name: string | null;
  discount_percentage: number;
  profit_amount: number;
  profit_margin: number | null;
  image_count: number;
}

export interface AdminProductsPage {
  total: number;
  total_all: number;
  rows: AdminProduct[];
  permalink_match: { id: string; nombre: string; permalink: string } | null;
}

/** The product form's fields: what it loads from a product and sends to save_product. */
export const PRODUCT_FORM_FIELDS = [
  'campaign_id',
  'brand_id',
  'category_id',
  'subcategory_id',
  'nombre',
  'imagen_principal',
  'precio_original',
  'costo_compra',
  'precio_venta',
  'permalink',
  'link_externo',
  'descripcion',
] as const;

/** The product form's values: each field as text while it is edited, prices too. */
export type ProductFormValues = Record<(typeof PRODUCT_FORM_FIELDS)[number], string>;

export interface ProductImage {
  id: string;
  product_id: string;
  image_url: string;
  orden: number;
}

export interface ProductSize {
  id: string;
  product_id: string;
  talla: string;
  created_at: string;
  /** Pieces of the size not yet sold (the team sets them, 0 to 9999). */
  existencias: number;
  /** Pieces unpaid orders hold right now (kept by the database; never written here). */
  apartadas: number;
}

export interface CampaignOption {
  id: string;
  nombre: string;
  fecha_fin: string;
  product_count?: number | null;
}

export interface NamedOption {
  id: string;
  nombre: string;
  category_id?: string;
}
