/**
 * 'Próximamente': an announced campaign (anuncio_desde) is private until inicia_en, its start day at
 * its start hour in Mexico City. Before it, no name, price, image or count of its products reaches a
 * shopper through any table, view or RPC the shop reads (as anon and as a signed-in user without a
 * role), nor through the storefront's own reads that builds, feeds, the sitemap and the search index
 * make; only its name, teaser and start, through public.announced_campaigns. After it, it is a live
 * campaign like any other. The clock is never waited for: the start is set in the past or the future.
 *
 * shop_page's remembered answers never cross an opening: an answer computed before the start is not
 * served once the campaign opened, nor one computed after it once the start moved ahead, even when no
 * write raised the catalogue's version (the clock passing is simulated by moving the start with the
 * catalogue's rebuild trigger off for that one statement).
 *
 * The opening job (private.open_announced_campaigns) marks an opened campaign once (abierta_en), which
 * asks for one rebuild, raises the version and notifies 'campaign_opened'; with nothing due it
 * writes nothing.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getActiveCampaignIds, getActiveCampaigns } from '../../src/data/campaigns.ts';
import { getAnnouncedCampaigns, isCampaignOpen } from '../../src/data/announcements.ts';
import { getHeaderCategories } from '../../src/data/categories.ts';
import { loadFeedItems } from '../../src/data/feeds.ts';
import { getFeaturedProducts } from '../../src/data/home.ts';
import { getActiveProducts, getLiveProduct, getProductsById, getRelatedProducts } from '../../src/data/product.ts';
import { getSearchPlaces, getLiveProducts } from '../../src/data/search.ts';
import { getSitemapProducts } from '../../src/data/sitemap.ts';
import { createShopClient, type ShopClient } from '../../src/data/supabase.ts';
import * as F from './fixture.ts';
import { adminClient, anonClient, type Client, mexicoDate, sql, stack, userClient } from './helpers.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C_SOON = id(9101);
const B_SOON = id(9201);
const P_SOON = id(9501);
const P_SOON_2 = id(9502);
const NAME = 'Abrigo navideño';
const PERMALINK = 'marca-proxima-abrigo-navideno';
const IMAGE = 'https://img.example/abrigo-navideno.jpg';
const TEASER = 'https://img.example/teaser-navidad.jpg';

interface Page {
  total: number;
  products: { id: string; nombre: string }[];
  facets: Record<string, { id: string; nombre: string; product_count: number }[]>;
}

let shop: ShopClient;
let anon: Client;
let user: Client;

/** The announced campaign opens in the past (open) or tomorrow (closed); a write, as the back office makes it. */
async function setOpen(open: boolean): Promise<void> {
  await sql.query(`update public.campaigns set fecha_inicio = $2, hora_inicio = '00:00' where id = $1`, [
    C_SOON,
    open ? mexicoDate(0) : mexicoDate(1),
  ]);
}

/**
 * The clock passing the start (or the start moving ahead of it) without anything that would raise the
 * catalogue's version: the same update with the campaigns' rebuild trigger off for it.
 */
async function moveStartWithoutWrite(open: boolean): Promise<void> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query('alter table public.campaigns disable trigger campaigns_request_rebuild');
    await client.query(`update public.campaigns set fecha_inicio = $2, hora_inicio = '00:00' where id = $1`, [
      C_SOON,
      open ? mexicoDate(0) : mexicoDate(1),
    ]);
    await client.query('alter table public.campaigns enable trigger campaigns_request_rebuild');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function page(client: Client, args: Record<string, unknown> = {}): Promise<Page> {
  const { data, error } = await client.rpc('shop_page', args);
  if (error) throw new Error(error.message);
  return data as unknown as Page;
}

async function rpcQuery(client: Client, args: Record<string, unknown> = {}): Promise<Page> {
  const { data, error } = await client.rpc('shop_query', args);
  if (error) throw new Error(error.message);
  return data as unknown as Page;
}

const version = async () => Number((await sql.query<{ v: string }>('select version as v from private.shop_version')).rows[0]!.v);
const pendingRequests = async () =>
  (await sql.query<{ reason: string }>(`select reason from public.rebuild_requests where status = 'pending'`)).rows;
const openedAt = async () =>
  (await sql.query<{ abierta_en: Date | null }>('select abierta_en from public.campaigns where id = $1', [C_SOON])).rows[0]!.abierta_en;

beforeAll(async () => {
  await F.loadFixture();
  // announced since yesterday, opens tomorrow at 00:00; its own brand, a size, two images, featured
  await sql.query(
    `insert into public.campaigns (id, nombre, fecha_inicio, hora_inicio, fecha_fin, anuncio_desde, teaser_url, image_url)
     values ($1, 'Navidad anticipada', $2, '00:00', $3, $4, $5, 'https://img.example/campana-navidad.jpg')`,
    [C_SOON, mexicoDate(1), mexicoDate(20), mexicoDate(-1), TEASER],
  );
  await sql.query(`insert into public.brands (id, name, display_name) values ($1, 'marca próxima', 'Marca Próxima')`, [B_SOON]);
  await sql.query(
    `insert into public.products (id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original,
                                  precio_venta, permalink, destacado, imagen_principal)
     values ($1, $3, $4, $5, $6, 'Marca Próxima', $7, 3000, 1999, $8, true, $9),
            ($2, $3, $4, $5, $6, 'Marca Próxima', 'Gorro navideño', 800, 450, 'marca-proxima-gorro-navideno', false, null)`,
    [P_SOON, P_SOON_2, C_SOON, F.CAT_ROPA, F.SUB_PLAYERAS, B_SOON, NAME, PERMALINK, IMAGE],
  );
  await sql.query(`insert into public.product_sizes (product_id, talla) values ($1, 'XXL'), ($2, 'XXL')`, [P_SOON, P_SOON_2]);
  await sql.query(`insert into public.product_images (product_id, image_url, orden) values ($1, $2, 1)`, [P_SOON, IMAGE]);
  shop = createShopClient(stack.url, stack.anonKey);
  anon = anonClient();
  user = await userClient();
});

afterAll(async () => {
  await F.loadFixture();
});

beforeEach(async () => {
  await sql.query('truncate private.shop_answers');
});

/** Everything a shopper can read that would name, price, picture or count the announced products. */
async function shopperSees(client: Client) {
  const [campaigns, withProducts, live, products, images, sizes, master, byPermalink] = await Promise.all([
    client.from('campaigns').select('id').eq('id', C_SOON),
    client.from('campaigns_with_products').select('id').eq('id', C_SOON),
    client.from('live_campaigns').select('id').eq('id', C_SOON),
    client.from('products').select('id, nombre, precio_venta').eq('campaign_id', C_SOON),
    client.from('product_images').select('id').eq('product_id', P_SOON),
    client.from('product_sizes').select('id').in('product_id', [P_SOON, P_SOON_2]),
    client.from('master_products').select('product_id').eq('campaign_id', C_SOON),
    client.from('products').select('id').eq('permalink', PERMALINK),
  ]);
  const pieces = await client.rpc('piezas_of', { p_ids: [P_SOON, P_SOON_2] });
  const all = await page(client);
  const searched = await page(client, { p_search_term: 'navideño' });
  const byCampaign = await page(client, { p_campaign_id: C_SOON });
  const bySize = await page(client, { p_size_name: 'XXL' });
  const query = await rpcQuery(client, { p_brand_id: B_SOON });
  const count = await client.rpc('get_filtered_product_count', { p_campaign_id: C_SOON });
  const facets = await Promise.all(
    (['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'] as const).map(async (facet) => {
      const { data } = await client.rpc(`get_available_${facet}`, {});
      return (data ?? []) as { id: string; nombre: string; product_count: number }[];
    }),
  );
  return {
    rows: [campaigns, withProducts, live, products, images, sizes, master, byPermalink].map((r) => r.data?.length ?? 0),
    pieces: pieces.data?.length ?? 0,
    pageProducts: all.products.filter((p) => p.id === P_SOON || p.id === P_SOON_2).length,
    total: all.total,
    facetBrand: all.facets['brands']!.some((b) => b.id === B_SOON),
    facetCampaign: all.facets['campaigns']!.some((c) => c.id === C_SOON),
    facetSize: all.facets['sizes']!.some((s) => s.nombre === 'XXL'),
    searched: searched.total,
    byCampaign: byCampaign.total,
    bySize: bySize.total,
    query: query.total,
    count: Number(count.data ?? 0),
    available: facets.flat().filter((o) => o.id === B_SOON || o.id === C_SOON || o.nombre === 'XXL').length,
  };
}

const HIDDEN = {
  rows: [0, 0, 0, 0, 0, 0, 0, 0],
  pieces: 0,
  pageProducts: 0,
  total: 4,
  facetBrand: false,
  facetCampaign: false,
  facetSize: false,
  searched: 0,
  byCampaign: 0,
  bySize: 0,
  query: 0,
  count: 0,
  available: 0,
};

describe('before its start, an announced campaign shows nothing of its products', () => {
  it('to anon and to a signed-in shopper, through every table, view and RPC of the shop', async () => {
    await setOpen(false);
    expect(await shopperSees(anon)).toEqual(HIDDEN);
    expect(await shopperSees(user)).toEqual(HIDDEN);
  });

  it("through the storefront's reads: builds, product pages, featured, related, sitemap, feeds, search places", async () => {
    await setOpen(false);
    expect((await getActiveCampaignIds(shop)).includes(C_SOON)).toBe(false);
    expect((await getActiveCampaigns(shop)).map((c) => c.id)).not.toContain(C_SOON);
    const catalogue = await getActiveProducts(shop);
    expect(catalogue.map((p) => p.id).sort()).toEqual([F.P1, F.P2, F.P3, F.P4].sort());
    expect(await getProductsById(shop, [P_SOON, P_SOON_2])).toEqual([]);
    expect(await getLiveProduct(shop, PERMALINK)).toBeNull();
    expect((await getFeaturedProducts(shop)).map((p) => p.id)).not.toContain(P_SOON);
    const p1 = catalogue.find((p) => p.id === F.P1)!;
    expect((await getRelatedProducts(shop, p1)).map((p) => p.id)).not.toContain(P_SOON);
    expect(await getLiveProducts(shop, [P_SOON])).toEqual([]);
    expect((await getSitemapProducts(shop)).map((p) => p.permalink)).not.toContain(PERMALINK);
    const feed = JSON.stringify(await loadFeedItems(shop, 'https://tienda.example'));
    expect(feed).not.toContain(NAME);
    expect(feed).not.toContain('Marca Próxima');
    const places = await getSearchPlaces(shop);
    expect(places.map((p) => p.id)).not.toContain(C_SOON);
    expect(places.map((p) => p.id)).not.toContain(B_SOON);
    // the header's categories count live products only: Ropa has P1, P2 and P4
    expect((await getHeaderCategories(shop)).find((c) => c.id === F.CAT_ROPA)?.product_count).toBe(3);
  });

  it('a click on one of its products is refused, as for any product a shopper cannot see', async () => {
    await setOpen(false);
    const { error } = await anon
      .from('product_click_analytics')
      .insert({ product_id: P_SOON, product_name: NAME, session_id: 'announcements-session-1' });
    expect(error).not.toBeNull();
  });

  it('an order naming one of its products is refused without its name or price', async () => {
    await setOpen(false);
    const { data, error } = await anon.rpc('place_order', { p_items: [{ product_id: P_SOON, talla: null, precio_venta: 1 }] });
    expect(error).toBeNull();
    expect(data).toEqual({
      ok: false,
      problems: [{ position: 1, product_id: P_SOON, nombre: null, talla: null, motivo: 'terminado', precio_venta: null }],
    });
    expect(JSON.stringify(data)).not.toContain(NAME);
  });

  it('the back office still sees it and its products, and knows it is not live', async () => {
    await setOpen(false);
    const admin = await adminClient();
    const { data } = await admin.from('campaigns_with_products').select('id, is_live, product_count, inicia_en').eq('id', C_SOON).single();
    expect(data).toMatchObject({ id: C_SOON, is_live: false, product_count: 2 });
    expect(Date.parse(data!.inicia_en!)).toBeGreaterThan(Date.now());
    expect((await admin.from('products').select('id').eq('campaign_id', C_SOON)).data).toHaveLength(2);
  });
});

describe("'Próximamente': what a shopper reads of it before its start", () => {
  it('announced_campaigns gives its name, opening instant, last day and teaser, and nothing else', async () => {
    await setOpen(false);
    const { data, error } = await anon.rpc('announced_campaigns');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const row = data![0]!;
    expect(Object.keys(row).sort()).toEqual(['fecha_fin', 'id', 'inicia_en', 'nombre', 'teaser_url']);
    expect(row).toMatchObject({ id: C_SOON, nombre: 'Navidad anticipada', fecha_fin: mexicoDate(20), teaser_url: TEASER });
    // tomorrow at 00:00 in Mexico City (UTC-6)
    expect(new Date(row.inicia_en).toISOString()).toBe(new Date(`${mexicoDate(1)}T00:00:00-06:00`).toISOString());
    expect(await getAnnouncedCampaigns(shop)).toEqual([
      { id: C_SOON, nombre: 'Navidad anticipada', inicia_en: row.inicia_en, fecha_fin: mexicoDate(20), teaser_url: TEASER },
    ]);
    expect(await isCampaignOpen(shop, C_SOON)).toBe(false);
  });

  it('not before its announcement day', async () => {
    await sql.query('update public.campaigns set fecha_inicio = $2, anuncio_desde = $2 where id = $1', [C_SOON, mexicoDate(2)]);
    try {
      expect(await getAnnouncedCampaigns(shop)).toEqual([]);
      expect((await shopperSees(anon)).rows).toEqual(HIDDEN.rows);
    } finally {
      await sql.query('update public.campaigns set anuncio_desde = $2, fecha_inicio = $3 where id = $1', [
        C_SOON,
        mexicoDate(-1),
        mexicoDate(1),
      ]);
    }
  });

  it('a start hour later today keeps it announced and private until that hour', async () => {
    // today at 23:59 in Mexico City: still ahead unless this runs in the last minute of the day
    await sql.query(`update public.campaigns set fecha_inicio = $2, hora_inicio = '23:59' where id = $1`, [C_SOON, mexicoDate(0)]);
    const stillAhead = Date.now() < Date.parse(`${mexicoDate(0)}T23:59:00-06:00`);
    expect((await getAnnouncedCampaigns(shop)).map((c) => c.id)).toEqual(stillAhead ? [C_SOON] : []);
    expect(await isCampaignOpen(shop, C_SOON)).toBe(!stillAhead);
  });
});

describe('from its start, it is live like any other campaign', () => {
  it('every read shows it and its products, and Próximamente no longer lists it', async () => {
    await setOpen(true);
    const seen = await shopperSees(anon);
    expect(seen.rows).toEqual([1, 1, 1, 2, 1, 2, 2, 1]);
    expect(seen).toMatchObject({ pieces: 2, pageProducts: 2, total: 6, facetBrand: true, facetCampaign: true, searched: 2, byCampaign: 2 });
    expect(await getLiveProduct(shop, PERMALINK)).toMatchObject({ id: P_SOON, nombre: NAME, precio_venta: 1999 });
    expect(JSON.stringify(await loadFeedItems(shop, 'https://tienda.example'))).toContain(NAME);
    expect(await getAnnouncedCampaigns(shop)).toEqual([]);
    expect(await isCampaignOpen(shop, C_SOON)).toBe(true);
  });

  it('a campaign without an announcement keeps the old rule: live from its creation, before its start day', async () => {
    await sql.query('update public.campaigns set anuncio_desde = null, fecha_inicio = $2 where id = $1', [C_SOON, mexicoDate(5)]);
    try {
      expect((await shopperSees(anon)).pageProducts).toBe(2);
      expect(await getAnnouncedCampaigns(shop)).toEqual([]);
    } finally {
      await sql.query('update public.campaigns set anuncio_desde = $2, fecha_inicio = $3 where id = $1', [
        C_SOON,
        mexicoDate(-1),
        mexicoDate(1),
      ]);
    }
  });
});

describe("shop_page's remembered answers never cross an opening", () => {
  it('an answer computed before the start is not served once the campaign opened', async () => {
    await setOpen(false);
    const before = await page(anon, { p_size_name: 'XXL' });
    expect(before.total).toBe(0);
    const v = await version();
    await moveStartWithoutWrite(true);
    expect(await version()).toBe(v);
    const after = await page(anon, { p_size_name: 'XXL' });
    expect(after.total).toBe(2);
    expect(after.products.map((p) => p.nombre)).toContain(NAME);
  });

  it('nor one computed after it once the start moved ahead', async () => {
    await setOpen(true);
    expect((await page(anon, { p_search_term: 'navideño' })).total).toBe(2);
    await moveStartWithoutWrite(false);
    const after = await page(anon, { p_search_term: 'navideño' });
    expect(after.total).toBe(0);
    expect(after.products).toEqual([]);
    expect(after.facets['brands']!.map((b) => b.id)).not.toContain(B_SOON);
  });
});

describe('the opening job', () => {
  let listener: pg.Client;
  const notices: { channel: string; payload: string | undefined }[] = [];

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: stack.dbUrl });
    await listener.connect();
    listener.on('notification', (n) => notices.push({ channel: n.channel, payload: n.payload }));
    await listener.query('listen campaign_opened');
    await listener.query('listen rebuild_requested');
  });
  afterAll(async () => {
    await listener.end();
  });

  /** Notifications arrive after the commit; a no-op round trip on the listener's connection lets them in. */
  async function heard() {
    await listener.query('select 1');
    return notices.splice(0);
  }

  it('with nothing due writes nothing: no rebuild request, the same version', async () => {
    await setOpen(false);
    await sql.query(`update public.rebuild_requests set status = 'published' where status = 'pending'`);
    await heard();
    const v = await version();
    expect((await sql.query<{ n: number }>('select private.open_announced_campaigns() as n')).rows[0]!.n).toBe(0);
    expect(await version()).toBe(v);
    expect(await pendingRequests()).toEqual([]);
    expect(await openedAt()).toBeNull();
    expect(await heard()).toEqual([]);
  });

  it('marks an opened campaign once, asking for one rebuild and telling who listens', async () => {
    await setOpen(false);
    await sql.query(`update public.rebuild_requests set status = 'published' where status = 'pending'`);
    const v = await version();
    // the start passes and the job runs in one transaction, so the stack's own 20-second run cannot mark it first
    const client = await sql.connect();
    let opened: number;
    try {
      await client.query('begin');
      await client.query(`update public.campaigns set fecha_inicio = $2 where id = $1`, [C_SOON, mexicoDate(0)]);
      await client.query(`update public.rebuild_requests set status = 'published' where status = 'pending'`);
      opened = (await client.query<{ n: number }>('select private.open_announced_campaigns() as n')).rows[0]!.n;
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(opened).toBe(1);
    const at = await openedAt();
    expect(at).not.toBeNull();
    expect(await version()).toBeGreaterThan(v);
    expect(await pendingRequests()).toEqual([{ reason: 'campaigns update' }]);
    const notes = await heard();
    expect(notes).toContainEqual({ channel: 'campaign_opened', payload: C_SOON });
    expect(notes).toContainEqual({ channel: 'rebuild_requested', payload: 'campaigns update' });
    // the products' pages are read again: the change names every product
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from private.catalogue_changes where product_id is null and recorded_at > now() - interval '1 minute'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);

    // once: the next run finds nothing to do
    await sql.query(`update public.rebuild_requests set status = 'published' where status = 'pending'`);
    const v2 = await version();
    expect((await sql.query<{ n: number }>('select private.open_announced_campaigns() as n')).rows[0]!.n).toBe(0);
    expect(await version()).toBe(v2);
    expect(await pendingRequests()).toEqual([]);
    expect((await openedAt())?.getTime()).toBe(at!.getTime());
    expect((await heard()).filter((n) => n.channel === 'campaign_opened')).toEqual([]);
  });

  it('the mark is not an edit: a campaign form loaded before the opening saves after it without a conflict', async () => {
    await setOpen(true);
    const updatedAt = async () =>
      (await sql.query<{ at: string }>('select updated_at::text as at from public.campaigns where id = $1', [C_SOON])).rows[0]!.at;
    const loaded = await updatedAt();
    await sql.query('select private.open_announced_campaigns()');
    expect(await openedAt()).not.toBeNull();
    expect(await updatedAt()).toBe(loaded);
    // the back office's save: written only while updated_at is what the form loaded
    const { data, error } = await (await adminClient())
      .from('campaigns')
      .update({ nombre: 'Navidad anticipada' })
      .eq('id', C_SOON)
      .eq('updated_at', loaded)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: C_SOON }]);
    expect(await updatedAt()).not.toBe(loaded);
  });

  it('the back office cannot set the mark; a start moved ahead clears it, so it opens (and rebuilds) again', async () => {
    await sql.query(`update public.campaigns set fecha_inicio = $2 where id = $1`, [C_SOON, mexicoDate(0)]);
    await sql.query('select private.open_announced_campaigns()');
    const at = await openedAt();
    expect(at).not.toBeNull();
    const admin = await adminClient();
    const { error } = await admin
      .from('campaigns')
      .update({ abierta_en: '2020-01-01T00:00:00Z', nombre: 'Navidad anticipada' } as never)
      .eq('id', C_SOON);
    expect(error).toBeNull();
    expect((await openedAt())?.getTime()).toBe(at!.getTime());
    expect(
      (
        await admin
          .from('campaigns')
          .update({ fecha_inicio: mexicoDate(1) })
          .eq('id', C_SOON)
      ).error,
    ).toBeNull();
    expect(await openedAt()).toBeNull();
  });

  it('a campaign that ended before the job saw it is not marked', async () => {
    await sql.query(`update public.campaigns set fecha_inicio = $2, fecha_fin = $2, anuncio_desde = $2 where id = $1`, [
      C_SOON,
      mexicoDate(-2),
    ]);
    try {
      expect((await sql.query<{ n: number }>('select private.open_announced_campaigns() as n')).rows[0]!.n).toBe(0);
      expect(await openedAt()).toBeNull();
    } finally {
      await sql.query(`update public.campaigns set fecha_fin = $2, anuncio_desde = $3, fecha_inicio = $4 where id = $1`, [
        C_SOON,
        mexicoDate(20),
        mexicoDate(-1),
        mexicoDate(1),
      ]);
    }
  });

  it('asks the request-rebuild function at once where the project has pg_net and the Vault secrets', async () => {
    // without pg_net (this database) it asks nothing: the local worker hears the rebuild request itself
    const noNet = await sql.query<{ net: string | null; vault: string | null }>(
      `select to_regnamespace('net')::text as net, to_regnamespace('vault')::text as vault`,
    );
    expect((await sql.query<{ asked: boolean }>('select private.request_publication_now() as asked')).rows[0]!.asked).toBe(false);
    if (noNet.rows[0]!.net !== null || noNet.rows[0]!.vault !== null) return; // a platform with its own: not stood in for here
    // pg_net's http_post and Vault's decrypted secrets, stood in for by a table that records the calls
    await sql.query(`
      create schema net;
      create table net.calls (url text, body jsonb, headers jsonb);
      create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}',
                                    timeout_milliseconds integer default 5000)
      returns bigint language sql as $$ insert into net.calls values (url, body, headers) returning 1 $$;
      create schema vault;
      create table vault.decrypted_secrets (name text, decrypted_secret text);
      insert into vault.decrypted_secrets values ('project_url', 'https://abc.supabase.co/'), ('service_role_key', 'clave-de-servicio');`);
    try {
      await sql.query(`update public.campaigns set fecha_inicio = $2 where id = $1`, [C_SOON, mexicoDate(0)]);
      expect((await sql.query<{ n: number }>('select private.open_announced_campaigns() as n')).rows[0]!.n).toBe(1);
      const { rows } = await sql.query('select url, body, headers from net.calls');
      expect(rows).toEqual([
        {
          url: 'https://abc.supabase.co/functions/v1/request-rebuild',
          body: { trigger: 'schedule' },
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer clave-de-servicio' },
        },
      ]);
    } finally {
      await sql.query('drop schema net cascade; drop schema vault cascade');
      await setOpen(false);
    }
  });
});
