/**
 * A small hand-built catalogue for the db tests, inserted as postgres (which bypasses RLS). Every expected number in
 * rls/rpc/merge tests is computed by hand from this file.
 *
 * Campaigns: ACTIVE (ends in 10 days), TODAY (ends today in Mexico City), ENDED (ended yesterday).
 * Products (newest first):
 *   P1 'Playera básica'  Nike     Ropa/Playeras     ACTIVE  $500    sizes S, M, L
 *   P2 'Pantalón cargo'  Adidas   Ropa/Pantalones   ACTIVE  $1,500  sizes m, 32
 *   P3 'Tenis runner'    Nike     Calzado/Tenis     TODAY   $2,500  sizes 27, 28
 *   P4 'Chamarra piel'   (marca 'Levis', no brand) Ropa, no sub  TODAY  $25,000  no sizes
 *   P5 'Tenis viejo'     Adidas   Calzado/Tenis     ENDED   $900    sizes M     (never public)
 * Hidden rows: brand 'puma' inactive, category 'Oculta' inactive, subcategory 'Botas' inactive,
 * one inactive featured category, banner and hero image. Empty but visible: brand 'reebok',
 * category 'Vacía', subcategory 'Shorts' (for delete tests).
 * Size guides: 'Calzado' (category Calzado, kind calzado).
 */
import { mexicoDate, resetData, sql } from './helpers.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const C_ACTIVE = id(101);
export const C_TODAY = id(102);
export const C_ENDED = id(103);

export const B_NIKE = id(201);
export const B_ADIDAS = id(202);
export const B_PUMA_HIDDEN = id(203);
export const B_REEBOK_EMPTY = id(204);

export const CAT_ROPA = id(301);
export const CAT_CALZADO = id(302);
export const CAT_HIDDEN = id(303);
export const CAT_EMPTY = id(304);

export const SUB_PLAYERAS = id(401);
export const SUB_PANTALONES = id(402);
export const SUB_TENIS = id(403);
export const SUB_BOTAS_HIDDEN = id(404);
export const SUB_SHORTS_EMPTY = id(405);

export const P1 = id(501);
export const P2 = id(502);
export const P3 = id(503);
export const P4 = id(504);
export const P5 = id(505);

export const SIZE_P3_27 = id(591);
export const SIZE_P3_28 = id(592);

export const IMG_P1_A = id(601);
export const IMG_P1_B = id(602);
export const IMG_P5 = id(603);

export const FEAT_ACTIVE = id(701);
export const FEAT_HIDDEN = id(702);
export const BANNER_ACTIVE = id(711);
export const BANNER_HIDDEN = id(712);
export const HERO_ACTIVE = id(721);
export const HERO_HIDDEN = id(722);
export const MIGRATION = id(731);
export const GUIDE_CALZADO = id(741);

export const COSTO = '123.45';
export const LINK = 'https://proveedor.example/secreto';

/** Empties every table and inserts the fixture. */
export async function loadFixture(): Promise<void> {
  await resetData();
  const today = mexicoDate(0);
  await sql.query(`
    insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin) values
      ('${C_ACTIVE}', 'Temporada activa', '${mexicoDate(-5)}', '${mexicoDate(10)}'),
      ('${C_TODAY}', 'Termina hoy', '${mexicoDate(-5)}', '${today}'),
      ('${C_ENDED}', 'Terminó ayer', '${mexicoDate(-5)}', '${mexicoDate(-1)}');

    insert into public.brands (id, name, display_name, active) values
      ('${B_NIKE}', 'nike', 'Nike', true),
      ('${B_ADIDAS}', 'adidas', 'Adidas', true),
      ('${B_PUMA_HIDDEN}', 'puma', 'Puma', false),
      ('${B_REEBOK_EMPTY}', 'reebok', 'Reebok', true);

    insert into public.categories (id, nombre, orden, activa, show_in_header) values
      ('${CAT_ROPA}', 'Ropa', 1, true, true),
      ('${CAT_CALZADO}', 'Calzado', 2, true, true),
      ('${CAT_HIDDEN}', 'Oculta', 3, false, false),
      ('${CAT_EMPTY}', 'Vacía', 4, true, false);

    insert into public.subcategories (id, category_id, nombre, activa) values
      ('${SUB_PLAYERAS}', '${CAT_ROPA}', 'Playeras', true),
      ('${SUB_PANTALONES}', '${CAT_ROPA}', 'Pantalones', true),
      ('${SUB_TENIS}', '${CAT_CALZADO}', 'Tenis', true),
      ('${SUB_BOTAS_HIDDEN}', '${CAT_CALZADO}', 'Botas', false),
      ('${SUB_SHORTS_EMPTY}', '${CAT_ROPA}', 'Shorts', true);

    insert into public.products (id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
        precio_original, precio_venta, permalink, destacado, created_at) values
      ('${P1}', '${C_ACTIVE}', '${CAT_ROPA}', '${SUB_PLAYERAS}', '${B_NIKE}', 'Nike', 'Playera básica',
        900, 500, 'nike-playera-basica', true, now() - interval '1 minute'),
      ('${P2}', '${C_ACTIVE}', '${CAT_ROPA}', '${SUB_PANTALONES}', '${B_ADIDAS}', 'Adidas', 'Pantalón cargo',
        2500, 1500, 'adidas-pantalon-cargo', false, now() - interval '2 minutes'),
      ('${P3}', '${C_TODAY}', '${CAT_CALZADO}', '${SUB_TENIS}', '${B_NIKE}', 'Nike', 'Tenis runner',
        4000, 2500, 'nike-tenis-runner', false, now() - interval '3 minutes'),
      ('${P4}', '${C_TODAY}', '${CAT_ROPA}', null, null, 'Levis', 'Chamarra piel',
        40000, 25000, 'levis-chamarra-piel', false, now() - interval '4 minutes'),
      ('${P5}', '${C_ENDED}', '${CAT_CALZADO}', '${SUB_TENIS}', '${B_ADIDAS}', 'Adidas', 'Tenis viejo',
        1800, 900, 'adidas-tenis-viejo', true, now() - interval '5 minutes');

    insert into public.product_private (product_id, costo_compra, link_externo) values
      ('${P1}', ${COSTO}, '${LINK}'), ('${P2}', ${COSTO}, '${LINK}'),
      ('${P3}', ${COSTO}, '${LINK}'), ('${P5}', ${COSTO}, '${LINK}');

    insert into public.product_sizes (product_id, talla) values
      ('${P1}', 'S'), ('${P1}', 'M'), ('${P1}', 'L'),
      ('${P2}', 'm'), ('${P2}', '32'),
      ('${P5}', 'M');
    insert into public.product_sizes (id, product_id, talla) values
      ('${SIZE_P3_27}', '${P3}', '27'), ('${SIZE_P3_28}', '${P3}', '28');

    insert into public.product_images (id, product_id, image_url, orden) values
      ('${IMG_P1_A}', '${P1}', 'https://img.example/p1-a.jpg', 1),
      ('${IMG_P1_B}', '${P1}', 'https://img.example/p1-b.jpg', 2),
      ('${IMG_P5}', '${P5}', 'https://img.example/p5.jpg', 1);

    insert into public.featured_categories (id, nombre, image_url, category_id, orden, active) values
      ('${FEAT_ACTIVE}', 'Ropa', 'https://img.example/f1.jpg', '${CAT_ROPA}', 1, true),
      ('${FEAT_HIDDEN}', 'Oculta', 'https://img.example/f2.jpg', null, 2, false);

    insert into public.banner_images (id, name, image_url, orden, active) values
      ('${BANNER_ACTIVE}', 'Nike', 'https://img.example/b1.png', 1, true),
      ('${BANNER_HIDDEN}', 'Puma', 'https://img.example/b2.png', 2, false);

    insert into public.hero_images (id, title, image_url, orden, active) values
      ('${HERO_ACTIVE}', 'Rebajas', 'https://img.example/h1.jpg', 1, true),
      ('${HERO_HIDDEN}', 'Borrador', 'https://img.example/h2.jpg', 2, false);

    insert into public.brand_migrations (id, original_marca, normalized_brand, products_affected) values
      ('${MIGRATION}', 'NIKE ', 'Nike', 3);

    insert into public.size_guides (id, nombre, tipo_talla, category_id, filas) values
      ('${GUIDE_CALZADO}', 'Calzado', 'calzado', '${CAT_CALZADO}',
        '[{"mx": "27", "us": "9", "eu": "42.5", "pie": "27"}, {"mx": "28", "us": "10", "eu": "44", "pie": "28"}]');

    insert into public.search_analytics (search_term, session_id) values ('tenis', 'fixture-session-1');
    insert into public.filter_analytics (filter_type, filter_value, session_id) values ('category', 'Ropa', 'fixture-session-1');
    insert into public.product_click_analytics (product_id, product_name, session_id) values ('${P1}', 'Playera básica', 'fixture-session-1');
  `);
}
