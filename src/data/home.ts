/**
 * Home page reads (public, anon key): featured products, hero images, featured categories, brand
 * banners and the active campaigns. Any failed read throws, so a build never publishes a broken home.
 */
import type { HeroImageInput } from '../lib/hero.ts';
import { getActiveCampaigns, type ActiveCampaign } from './campaigns.ts';
import { CARD_SELECT, toCardProduct, type CardProduct } from './product-summary.ts';
import type { ShopClient } from './supabase.ts';

export interface FeaturedCategoryTile {
  id: string;
  nombre: string;
  image_url: string;
  category_id: string | null;
}

export interface BrandBanner {
  id: string;
  name: string;
  image_url: string;
  alt_text: string | null;
  link_url: string | null;
}

export interface HomeData {
  featured: CardProduct[];
  heroImages: HeroImageInput[];
  campaigns: ActiveCampaign[];
  featuredCategories: FeaturedCategoryTile[];
  banners: BrandBanner[];
}

/**
 * Featured products (destacado) of live campaigns (RLS) that are not sold out, shaped for the product card, in the order
 * the admin gives them in 'Destacados' (orden_destacado), then the unplaced ones newest first.
 */
export async function getFeaturedProducts(db: ShopClient): Promise<CardProduct[]> {
  const { data, error } = await db
    .from('products')
    .select(CARD_SELECT)
    .eq('destacado', true)
    .eq('agotado', false)
    .order('orden_destacado', { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: false });
  if (error) throw new Error(`No se pudieron cargar los productos destacados: ${error.message}`);
  return data.map(toCardProduct);
}

/** Active hero carousel images, by orden. */
export async function getHeroImages(db: ShopClient): Promise<HeroImageInput[]> {
  const { data, error } = await db
    .from('hero_images')
    .select('id, title, subtitle, button_text, button_link, image_url')
    .eq('active', true)
    .order('orden', { ascending: true });
  if (error) throw new Error(`No se pudieron cargar las imágenes del hero: ${error.message}`);
  return data;
}

/** Active featured-category tiles, by orden. */
export async function getFeaturedCategories(db: ShopClient): Promise<FeaturedCategoryTile[]> {
  const { data, error } = await db
    .from('featured_categories')
    .select('id, nombre, image_url, category_id')
    .eq('active', true)
    .order('orden', { ascending: true });
  if (error) throw new Error(`No se pudieron cargar las categorías destacadas: ${error.message}`);
  return data;
}

/** Active brand-logo banners, by orden. */
export async function getBrandBanners(db: ShopClient): Promise<BrandBanner[]> {
  const { data, error } = await db
    .from('banner_images')
    .select('id, name, image_url, alt_text, link_url')
    .eq('active', true)
    .order('orden', { ascending: true });
  if (error) throw new Error(`No se pudieron cargar las imágenes del banner: ${error.message}`);
  return data;
}

/** Everything the home sections show, read in parallel. */
export async function getHomeData(db: ShopClient): Promise<HomeData> {
  const [featured, heroImages, campaigns, featuredCategories, banners] = await Promise.all([
    getFeaturedProducts(db),
    getHeroImages(db),
    getActiveCampaigns(db),
    getFeaturedCategories(db),
    getBrandBanners(db),
  ]);
  return { featured, heroImages, campaigns, featuredCategories, banners };
}
