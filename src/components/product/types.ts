/** The product shape every product card renders (shop grid, related products, featured carousel). */
export interface CardProduct {
  id: string;
  nombre: string;
  marca: string;
  precio_original: number;
  precio_venta: number;
  imagen_principal: string | null;
  permalink: string;
  category_nombre?: string | null;
  sizes?: string[];
  campaign?: { nombre: string; fecha_fin: string } | null;
  destacado?: boolean;
}
