/** A brand as the brands screens read it (brands_with_products: the brand and its product count). */
export interface BrandRow {
  id: string;
  name: string;
  display_name: string;
  active: boolean;
  product_count: number;
}
