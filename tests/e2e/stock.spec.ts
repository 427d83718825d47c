/**
 * Pieces per size and holds on the built product page, as shoppers see them: a size with one piece says
 * 'Última pieza', a size another shopper's order holds says 'Apartada' and cannot be chosen (nor is it
 * offered by 'Selecciona tu talla'), and once that order is cancelled it can be chosen again; a product
 * without sizes whose last piece is held says 'Apartado' until the hold runs out; Mi bolsa and 'Comprar
 * ahora' say 'Alguien acaba de apartar esta talla.' for a size held meanwhile. The pages were built before
 * any of this (holds never rebuild them): the live check on load shows it.
 */
import type { Page } from '@playwright/test';
import { anon, sql } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, type Locator, test } from './test.ts';

interface Demo {
  id: string;
  nombre: string;
  permalink: string;
  precio: number;
  sizes: string[];
}

/**
 * Live products of the demo, last by permalink first (other specs take the first ones), with every
 * piece untouched (one per size, none held): with sizes (at least three) or without. Each browser
 * project takes its own, and only one whose page the build wrote.
 */
async function demoProduct(page: Page, withSizes: boolean, project: string): Promise<Demo> {
  const rows = await sql<Demo>(
    `select p.id, p.nombre, p.permalink, p.precio_venta::float8 as precio, p.sizes
       from public.products p
      where p.campaign_id in (select private.live_campaign_ids())
        and not p.agotado
        and p.existencias = 1 and p.apartadas = 0
        and (case when $1 then cardinality(p.sizes) >= 3 else cardinality(p.sizes) = 0 end)
        and (select count(*) from public.product_sizes s where s.product_id = p.id) = cardinality(p.sizes)
        and not exists (select 1 from public.product_sizes s where s.product_id = p.id and (s.existencias <> 1 or s.apartadas > 0))
      order by p.permalink desc
      limit 6`,
    [withSizes],
  );
  const built: Demo[] = [];
  for (const row of rows) if ((await page.request.get(`/producto/${row.permalink}`)).status() === 200) built.push(row);
  const found = built[project === 'phone' ? 0 : 1];
  if (!found) throw new Error('La demo no tiene un producto así');
  return found;
}

/** Another shopper's order of one piece ('Comprar ahora'), through the API; its reference. */
async function placeOrder(p: Demo, talla: string | null): Promise<string> {
  const { data, error } = await anon().rpc('place_order', {
    p_items: [{ product_id: p.id, talla, precio_venta: p.precio }],
    p_channel: 'producto',
  });
  expect(error).toBeNull();
  const answer = data as { ok: boolean; reference?: string };
  expect(answer.ok).toBe(true);
  return answer.reference as string;
}

/** The team cancels the order: its pieces are for sale again. */
async function cancel(reference: string): Promise<void> {
  await sql(`update public.orders set status = 'cancelado' where reference = $1 and status <> 'cancelado'`, [reference]);
}

/** Opens the product page and waits for its buy box to hydrate and its live check to answer. */
async function openLive(page: Page, permalink: string): Promise<void> {
  const live = page.waitForResponse((r) => r.url().includes('/rest/v1/products') && r.url().includes(`permalink=eq.${permalink}`));
  await page.goto(`/producto/${permalink}`);
  expect((await live).ok()).toBe(true);
  await hydrated(page, page.locator('astro-island[component-url*="LiveCheck"] > *'));
}

const sizeGrid = (page: Page) => page.getByRole('group', { name: 'Talla', exact: true });
const sizeButton = (scope: Page | Locator, talla: string) => scope.getByRole('button', { name: talla, exact: true });

test('one piece says Última pieza; a size an order holds says Apartada and cannot be chosen until the order is cancelled', async ({
  page,
}, info) => {
  const p = await demoProduct(page, true, info.project.name);
  const [two, one, held] = p.sizes as [string, string, string];
  const orders: string[] = [];
  try {
    // the first size has two pieces now; the third's one piece is held by another shopper's order
    await sql('update public.product_sizes set existencias = 2 where product_id = $1 and btrim(talla) = $2', [p.id, two]);
    orders.push(await placeOrder(p, held));

    await openLive(page, p.permalink);
    const grid = sizeGrid(page);
    // built with one piece per size and nothing held: the live check shows the pieces as they are now
    await expect(sizeButton(grid, held)).toHaveAttribute('aria-disabled', 'true');
    await expect(sizeButton(grid, held)).toBeDisabled();
    await expect(sizeButton(grid, held)).toHaveAccessibleDescription('Apartada');
    await expect(sizeButton(grid, one)).toHaveAccessibleDescription('Última pieza');
    await expect(sizeButton(grid, two)).toHaveAccessibleDescription('');
    await expect(grid.getByText('Apartada', { exact: true })).toHaveCount(1);
    await expect(grid.getByText('Última pieza', { exact: true })).toHaveCount(p.sizes.length - 2);

    // the held size cannot be chosen, and 'Selecciona tu talla' does not offer it
    await sizeButton(grid, held).click({ force: true });
    await expect(sizeButton(grid, held)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(`Talla: ${held}`)).toHaveCount(0);
    await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Selecciona tu talla' });
    await expect(dialog).toBeVisible();
    await expect(sizeButton(dialog, two)).toBeVisible();
    await expect(sizeButton(dialog, one)).toBeVisible();
    await expect(sizeButton(dialog, held)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // a last piece, chosen, says so beside the size
    await sizeButton(grid, one).click();
    await expect(sizeButton(grid, one)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(new RegExp(`^Talla: ${one} · Última pieza$`))).toBeVisible();

    // the order is cancelled: on reload the size can be chosen again
    await cancel(orders[0] as string);
    await openLive(page, p.permalink);
    await expect(sizeButton(grid, held)).not.toHaveAttribute('aria-disabled', 'true');
    await expect(sizeButton(grid, held)).toHaveAccessibleDescription('Última pieza');
    await expect(grid.getByText('Apartada', { exact: true })).toHaveCount(0);
    await sizeButton(grid, held).click();
    await expect(sizeButton(grid, held)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(new RegExp(`^Talla: ${held} · Última pieza$`))).toBeVisible();
  } finally {
    for (const reference of orders) await cancel(reference);
    await sql('update public.product_sizes set existencias = 1 where product_id = $1', [p.id]);
  }
});

test('a product without sizes: its one piece says Última pieza; held, the page says Apartado until the hold runs out', async ({
  page,
}, info) => {
  const p = await demoProduct(page, false, info.project.name);
  let reference: string | null = null;
  try {
    await openLive(page, p.permalink);
    await expect(page.getByText('Última pieza', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comprar ahora' })).toBeVisible();

    reference = await placeOrder(p, null);
    await openLive(page, p.permalink);
    await expect(page.getByText('Apartado', { exact: true })).toBeVisible();
    await expect(page.getByText('Alguien apartó la última pieza. Si no se paga, vuelve a estar a la venta.')).toBeVisible();
    const buyBox = page.locator('astro-island[component-url*="LiveCheck"]');
    await expect(buyBox.getByRole('link', { name: 'Ver más productos' })).toHaveAttribute('href', '/tienda');
    // it may come back: the shopper can keep it in favourites
    await expect(buyBox.getByRole('button', { name: 'Agregar a favoritos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comprar ahora' })).toHaveCount(0);
    await expect(page.getByText('Agotado', { exact: true })).toHaveCount(0);

    // the hold runs out unpaid: the piece is for sale again
    await sql(`update public.orders set held_until = now() - interval '1 minute' where reference = $1`, [reference]);
    await sql('select private.release_expired_holds()');
    await openLive(page, p.permalink);
    await expect(page.getByRole('link', { name: 'Comprar ahora' })).toBeVisible();
    await expect(page.getByText('Última pieza', { exact: true })).toBeVisible();
    await expect(page.getByText('Apartado', { exact: true })).toHaveCount(0);
  } finally {
    if (reference) await cancel(reference);
  }
});

test('a size held meanwhile: Mi bolsa and Comprar ahora say someone just held it', async ({ page, context }, info) => {
  const chats: string[] = [];
  await context.route('https://wa.me/**', (route) => {
    chats.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' });
  });
  const p = await demoProduct(page, true, info.project.name);
  const [first, second] = p.sizes as [string, string];
  const orders: string[] = [];
  try {
    // the first size goes in the bag; the page stays open on the second
    await openLive(page, p.permalink);
    await sizeButton(sizeGrid(page), first).click();
    await page.getByRole('button', { name: 'Agregar a mi bolsa' }).first().click();
    await expect(page.getByRole('button', { name: 'En tu bolsa' }).first()).toBeVisible();
    await sizeButton(sizeGrid(page), second).click();

    // meanwhile another shopper orders both sizes' one piece
    orders.push(await placeOrder(p, first), await placeOrder(p, second));

    // Comprar ahora is refused: nothing is recorded, no chat opens, and the page shows the size held
    const itemsOf = async () =>
      (await sql<{ n: number }>('select count(*)::int as n from public.order_items where product_id = $1', [p.id]))[0]?.n;
    const before = await itemsOf();
    await page.getByRole('link', { name: 'Comprar ahora' }).click();
    await expect(page.getByRole('alert')).toHaveText('Alguien acaba de apartar esta talla.');
    await expect(sizeButton(sizeGrid(page), second)).toHaveAttribute('aria-disabled', 'true');
    await expect(sizeButton(sizeGrid(page), second)).toHaveAttribute('aria-pressed', 'false');
    await expect(sizeButton(sizeGrid(page), second)).toHaveAccessibleDescription('Apartada');
    expect(await itemsOf()).toBe(before);

    // the bag's live check flags the held line; sending is refused with the same words
    await page.goto('/bolsa');
    const line = page.getByRole('list', { name: 'Productos en tu bolsa' }).locator(':scope > li').filter({ hasText: p.nombre });
    await expect(line).toContainText(`Talla: ${first}`);
    await expect(line).toContainText('Alguien acaba de apartar esta talla.');
    await page.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click();
    await expect(page.getByRole('alert')).toHaveText('Quita de tu bolsa los productos marcados para enviar tu pedido.');
    expect(chats).toEqual([]);
  } finally {
    for (const reference of orders) await cancel(reference);
  }
});
