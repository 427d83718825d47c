/**
 * The bulk-import-products-batch Edge Function and import_products_batch against the local stack:
 * every call goes through the stack's gateway with supabase-js to the function's own Deno process.
 */
import { productsMessages } from '../../admin/products/i18n.ts';
import { IMPORT_PRODUCT_FIELDS, type ImportProduct } from '../../supabase/functions/_shared/import-product.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, mexicoDate, resetData, sql, stack, userClient } from './helpers.ts';
import { invoke } from './invoke.ts';

let campaignId = '';
let brandId = '';
let adminToken = '';

async function tokenOf(client: Awaited<ReturnType<typeof adminClient>>): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function call(token: string | null, body: unknown): Promise<Response> {
  return invoke('bulk-import-products-batch', token, body);
}

/** A product with every field of the one definition (typed by it, so a new field must be added here). */
function row(n: number, overrides: Record<string, unknown> = {}) {
  const product: ImportProduct = {
    nombre: `Tenis Runner ${n}`,
    costo_compra: 500,
    precio_original: 1500,
    precio_venta: 800,
    imagenes: [`https://cdn.example.com/${n}-a.jpg`, `https://cdn.example.com/${n}-b.jpg`, `https://cdn.example.com/${n}-c.jpg`],
    tallas: ['26', '27.5:3', 'M:0'],
    existencias: 2,
    descripcion: `<p>Descripción ${n}</p>`,
    categoria: 'calzado',
    subcategoria: 'Tenis',
    link_externo: `https://proveedor.example.com/p/${n}`,
    import_key: `archivo-abc:${n}`,
    id: null,
  };
  return { ...product, ...overrides };
}

function batch(products: unknown[]) {
  return { products, campaign_id: campaignId, brand_id: brandId, batch_size: 50 };
}

async function productCount(): Promise<number> {
  const { rows } = await sql.query<{ n: string }>('select count(*) as n from public.products');
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  adminToken = await tokenOf(await adminClient());
});

beforeEach(async () => {
  await resetData();
  const campaign = await sql.query<{ id: string }>(
    `insert into public.campaigns (nombre, fecha_inicio, fecha_fin) values ('Buen Fin', $1, $2) returning id`,
    [mexicoDate(-1), mexicoDate(10)],
  );
  campaignId = campaign.rows[0]!.id;
  const brand = await sql.query<{ id: string }>(`insert into public.brands (name, display_name) values ('nike', 'Nike') returning id`);
  brandId = brand.rows[0]!.id;
  await sql.query(`insert into public.categories (nombre) values ('Calzado')`);
});

describe('bulk-import-products-batch', () => {
  it('refuses a call without a session (401), a shopper key (401) and a signed-in non-admin (403)', async () => {
    expect((await call(null, batch([row(1)]))).status).toBe(401);
    expect((await call(stack.anonKey, batch([row(1)]))).status).toBe(401);
    const refused = await call(await tokenOf(await userClient()), batch([row(1)]));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'No autorizado' });
    expect(await productCount()).toBe(0);
  });

  it('a non-admin calling the SQL function directly gets No autorizado', async () => {
    const user = await userClient();
    const { error } = await user.rpc('import_products_batch', {
      p_campaign_id: campaignId,
      p_brand_id: brandId,
      p_products: [row(1)],
    });
    expect(error?.message).toBe('No autorizado');
    expect(await productCount()).toBe(0);
  });

  it('through the gateway: a non-admin is 403 and an admin imports', async () => {
    const url = `${stack.url}/functions/v1/bulk-import-products-batch`;
    const post = (token: string) =>
      fetch(url, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(batch([row(1)])),
      });
    expect((await post(await tokenOf(await userClient()))).status).toBe(403);
    const res = await post(adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success_count: 1, error_count: 0, errors: [] });
  });

  it('a good batch creates the products with brand, sizes, images, private cost and link', async () => {
    // the row below sends every field the import takes, and each is checked where it lands
    expect(Object.keys(row(1)).sort()).toEqual(Object.keys(IMPORT_PRODUCT_FIELDS).sort());
    const res = await call(adminToken, batch([row(1), row(2, { imagenes: [], tallas: [] })]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success_count: 2, error_count: 0, errors: [] });

    const { rows } = await sql.query(
      `select p.nombre, p.marca, p.brand_id, p.campaign_id, p.permalink, p.imagen_principal, p.descripcion,
              p.precio_original::text, p.precio_venta::text, p.sizes, p.existencias, c.nombre as categoria, s.nombre as subcategoria,
              (select json_agg(json_build_object(z.talla, z.existencias) order by z.talla) from public.product_sizes z where z.product_id = p.id) as stock,
              pp.costo_compra::text, pp.link_externo,
              (select coalesce(json_agg(json_build_object('url', i.image_url, 'orden', i.orden) order by i.orden), '[]')
                 from public.product_images i where i.product_id = p.id) as images
         from public.products p
         join public.product_private pp on pp.product_id = p.id
         left join public.categories c on c.id = p.category_id
         left join public.subcategories s on s.id = p.subcategory_id
        order by p.nombre`,
    );
    expect(rows[0]).toEqual({
      nombre: 'Tenis Runner 1',
      marca: 'Nike',
      brand_id: brandId,
      campaign_id: campaignId,
      permalink: 'nike-tenis-runner-1',
      imagen_principal: 'https://cdn.example.com/1-a.jpg',
      descripcion: '<p>Descripción 1</p>',
      precio_original: '1500.00',
      precio_venta: '800.00',
      // a size with no piece is kept but not on sale
      sizes: ['26', '27.5'],
      stock: [{ '26': 1 }, { '27.5': 3 }, { M: 0 }],
      existencias: 2,
      categoria: 'Calzado',
      subcategoria: 'Tenis',
      costo_compra: '500.00',
      link_externo: 'https://proveedor.example.com/p/1',
      images: [
        { url: 'https://cdn.example.com/1-b.jpg', orden: 1 },
        { url: 'https://cdn.example.com/1-c.jpg', orden: 2 },
      ],
    });
    // without sizes, the product's own pieces (existencias) are its stock
    expect(rows[1]).toMatchObject({ permalink: 'nike-tenis-runner-2', imagen_principal: null, sizes: [], existencias: 2, images: [] });
    const sizes = await sql.query<{ n: string }>('select count(*) as n from public.product_sizes');
    expect(sizes.rows[0]!.n).toBe('3');
  });

  it('permalinks follow the product form rule: taken ones get -1, -2 and accents are folded', async () => {
    await sql.query(
      `insert into public.products (campaign_id, nombre, precio_original, precio_venta, permalink)
       values ($1, 'Suéter Niño', 10, 5, 'nike-sueter-nino')`,
      [campaignId],
    );
    const res = await call(adminToken, batch([row(1, { nombre: 'Suéter Niño' }), row(2, { nombre: '  Suéter   niño ' })]));
    expect(await res.json()).toMatchObject({ success_count: 2, error_count: 0 });
    const { rows } = await sql.query<{ permalink: string }>('select permalink from public.products order by permalink');
    expect(rows.map((r) => r.permalink)).toEqual(['nike-sueter-nino', 'nike-sueter-nino-1', 'nike-sueter-nino-2']);
  });

  it('categories and subcategories are matched without case or accents and created once when missing', async () => {
    await sql.query(`insert into public.categories (nombre) values ('Niños')`);
    const res = await call(
      adminToken,
      batch([
        row(1, { categoria: 'CALZADO', subcategoria: '' }),
        row(2, { categoria: 'Ropa', subcategoria: 'Jeans Mujer' }),
        row(3, { categoria: 'ropa', subcategoria: 'jeans mujer' }),
        row(4, { categoria: 'ninos', subcategoria: 'Jeans Mujer' }),
      ]),
    );
    expect(await res.json()).toMatchObject({ success_count: 4, error_count: 0 });
    const categories = await sql.query<{ nombre: string }>('select nombre from public.categories order by nombre');
    expect(categories.rows.map((c) => c.nombre)).toEqual(['Calzado', 'Niños', 'Ropa']);
    const subcategories = await sql.query<{ categoria: string; nombre: string }>(
      `select c.nombre as categoria, s.nombre from public.subcategories s
         join public.categories c on c.id = s.category_id order by c.nombre, s.nombre`,
    );
    expect(subcategories.rows).toEqual([
      { categoria: 'Niños', nombre: 'Jeans Mujer' },
      { categoria: 'Ropa', nombre: 'Jeans Mujer' },
    ]);
    const products = await sql.query<{ nombre: string; categoria: string; subcategoria: string | null }>(
      `select p.nombre, c.nombre as categoria, s.nombre as subcategoria from public.products p
         join public.categories c on c.id = p.category_id
         left join public.subcategories s on s.id = p.subcategory_id order by p.nombre`,
    );
    expect(products.rows).toEqual([
      { nombre: 'Tenis Runner 1', categoria: 'Calzado', subcategoria: null },
      { nombre: 'Tenis Runner 2', categoria: 'Ropa', subcategoria: 'Jeans Mujer' },
      { nombre: 'Tenis Runner 3', categoria: 'Ropa', subcategoria: 'Jeans Mujer' },
      { nombre: 'Tenis Runner 4', categoria: 'Niños', subcategoria: 'Jeans Mujer' },
    ]);
  });

  it('a batch with one bad row changes nothing and reports that row', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: '   ' }, 'Fila 3: Nombre es requerido'],
      [{ precio_venta: 0 }, 'Fila 3 (Tenis Runner 3): precio_venta debe ser mayor que 0'],
      [{ precio_original: '12.345' }, 'Fila 3 (Tenis Runner 3): precio_original admite como máximo 2 decimales'],
      [{ costo_compra: 'mil' }, 'Fila 3 (Tenis Runner 3): costo_compra no es un número'],
      [{ precio_venta: null }, 'Fila 3 (Tenis Runner 3): El precio de venta es obligatorio'],
      [{ categoria: '' }, 'Fila 3 (Tenis Runner 3): Categoría es requerida'],
      [{ link_externo: 'javascript:alert(1)' }, 'Fila 3 (Tenis Runner 3): el enlace externo debe empezar con http:// o https://'],
      [{ tallas: 'M;L' }, 'Fila 3 (Tenis Runner 3): tallas debe ser una lista de textos'],
      [{ import_key: 'k'.repeat(101) }, 'Fila 3: import_key admite como máximo 100 caracteres'],
    ];
    for (const [bad, message] of cases) {
      const res = await call(adminToken, batch([row(1, { categoria: 'Nueva' }), row(2), row(3, bad), row(4)]));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success_count: 0, error_count: 4, errors: [message] });
    }
    expect(await productCount()).toBe(0);
    const categories = await sql.query<{ nombre: string }>('select nombre from public.categories');
    expect(categories.rows).toEqual([{ nombre: 'Calzado' }]);
    expect((await sql.query('select 1 from public.subcategories')).rowCount).toBe(0);
  });

  it('the row number the wizard sends names the row in the message', async () => {
    const res = await call(adminToken, batch([row(1, { fila: 152, precio_venta: -3 })]));
    expect(await res.json()).toEqual({
      success_count: 0,
      error_count: 1,
      errors: ['Fila 152 (Tenis Runner 1): precio_venta debe ser mayor que 0'],
    });
  });

  it('image URLs that are not http(s) are never stored', async () => {
    await call(adminToken, batch([row(1, { imagenes: ['ftp://x/a.jpg', 'https://cdn.example.com/ok.jpg', 'data:image/png;base64,AA'] })]));
    const { rows } = await sql.query('select imagen_principal from public.products');
    expect(rows).toEqual([{ imagen_principal: 'https://cdn.example.com/ok.jpg' }]);
    expect((await sql.query('select 1 from public.product_images')).rowCount).toBe(0);
  });

  it('the same batch sent twice creates no duplicates and counts as success both times', async () => {
    const products = [row(1), row(2), row(3)];
    expect(await (await call(adminToken, batch(products))).json()).toEqual({ success_count: 3, error_count: 0, errors: [] });
    expect(await (await call(adminToken, batch(products))).json()).toEqual({ success_count: 3, error_count: 0, errors: [] });
    expect(await productCount()).toBe(3);
    // A retry racing the original: still one product per row.
    const racing = Array.from({ length: 50 }, (_, i) => row(10 + i));
    const answers = await Promise.all([1, 2, 3].map(() => call(adminToken, batch(racing))));
    for (const answer of answers) expect(await answer.json()).toEqual({ success_count: 50, error_count: 0, errors: [] });
    expect(await productCount()).toBe(53);
    expect((await sql.query('select 1 from public.product_images')).rowCount).toBe(106);
  });

  it('the service role may import too', async () => {
    const res = await call(stack.serviceRoleKey, batch([row(1)]));
    expect(await res.json()).toEqual({ success_count: 1, error_count: 0, errors: [] });
    expect(await productCount()).toBe(1);
  });

  it('a campaign or brand that does not exist fails the whole batch', async () => {
    const res = await call(adminToken, { ...batch([row(1), row(2)]), brand_id: '00000000-0000-4000-8000-000000000000' });
    expect(await res.json()).toEqual({ success_count: 0, error_count: 2, errors: ['La marca no existe'] });
    expect(await productCount()).toBe(0);
  });

  it('a malformed body gets a 400 with a clear message and changes nothing', async () => {
    const bad: [unknown, string][] = [
      ['{no es json', 'El cuerpo debe ser JSON'],
      [[row(1)], 'El cuerpo debe ser un objeto JSON'],
      // the wizard says the same before sending (one message, pinned here to the function's)
      [{ products: [row(1)], campaign_id: campaignId }, productsMessages.app.products.import.select_required],
      [{ ...batch([row(1)]), campaign_id: 'abc' }, 'campaign_id no es un identificador válido.'],
      [{ ...batch([]) }, 'products debe ser una lista con al menos un producto.'],
      [{ ...batch([row(1)]), products: 'x' }, 'products debe ser una lista con al menos un producto.'],
      [batch([row(1), 'x']), 'Cada elemento de products debe ser un objeto.'],
      [{ ...batch([row(1)]), batch_size: 'cincuenta' }, 'batch_size debe ser un número entero positivo.'],
    ];
    for (const [body, message] of bad) {
      const res = await call(adminToken, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    }
    // and the database function, called without a brand, says it in the same words
    const { error } = await (await adminClient()).rpc('import_products_batch', {
      p_campaign_id: campaignId,
      p_brand_id: null as unknown as string,
      p_products: [row(1)],
    });
    expect(error?.message).toBe(productsMessages.app.products.import.select_required);
    expect(await productCount()).toBe(0);
  });
});
