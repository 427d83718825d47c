/**
 * The product page's full-screen gallery: the main image opens it at the image shown, the arrows (keys,
 * buttons or a swipe) move through the images with a counter, Esc and 'Cerrar' close it and give focus back
 * to the main image (left on the image viewed last), the page behind does not scroll, a double tap (phone)
 * or '+' (desktop) zooms in, and a product with one image opens too.
 */
import { anon, mexicoDate } from './fixtures.ts';
import { hydrated } from './islands.ts';
import { expect, type Locator, type Page, type TestInfo, test } from './test.ts';

/** Active demo products with their gallery images, in a stable order. */
async function demoProduct(rule: (images: number) => boolean) {
  const { data, error } = await anon()
    .from('products')
    .select('nombre, permalink, imagen_principal, product_images(id), campaigns!inner(fecha_fin)')
    .gte('campaigns.fecha_fin', mexicoDate())
    .not('imagen_principal', 'is', null)
    .order('permalink');
  expect(error).toBeNull();
  const found = (data ?? []).find((p) => rule(p.product_images.length));
  if (!found) throw new Error('La demo no tiene un producto así');
  return { ...found, total: found.product_images.length + 1 };
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';

async function openProduct(page: Page, permalink: string): Promise<Locator> {
  await page.goto(`/producto/${permalink}`);
  const opener = page.getByRole('button', { name: /^Ampliar imagen/ });
  await hydrated(page, opener);
  return opener;
}

/** The image the viewer shows now (not its stand-in while loading), once loaded. */
async function shownImage(viewer: Locator): Promise<Locator> {
  const img = viewer.locator('.pswp__item[aria-hidden="false"] img.pswp__img:not(.pswp__img--placeholder)');
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img;
}

async function shownWidth(img: Locator): Promise<number> {
  return (await img.boundingBox())?.width ?? 0;
}

/**
 * How much bigger the current image shows than `fitted` (its width as opened): the zoom's scale as the
 * screen draws it (PhotoSwipe animates a transform, then swaps in a larger element at scale 1).
 */
async function zoomScale(img: Locator, fitted: number): Promise<number> {
  return ((await img.boundingBox())?.width ?? 0) / fitted;
}

/** A finger swipe from right to left across the middle of the screen (touch events, as a phone sends them). */
async function swipeLeft(page: Page): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(height / 2);
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(Math.round(width * 0.85)) });
  for (let step = 1; step <= 8; step++) {
    const x = Math.round(width * (0.85 - (0.7 * step) / 8));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the main image opens the full-screen gallery; it moves, closes with Esc and gives focus back', async ({ page }, info) => {
  const p = await demoProduct((n) => n >= 2);
  const opener = await openProduct(page, p.permalink);
  const gallery = page.getByRole('region', { name: 'Galería de imágenes' });
  await expect(opener).toHaveAccessibleName(`Ampliar imagen 1 de ${p.total}: ${p.nombre}`);

  await opener.click();
  const viewer = page.getByRole('dialog', { name: `Imágenes de ${p.nombre}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`1 / ${p.total}`, { exact: true })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  // the largest image the shop makes: the widest render, whole (not cropped to the page's 4:5)
  const first = await shownImage(viewer);
  const src = new URL((await first.getAttribute('src')) ?? '');
  expect(src.pathname).toContain('/storage/v1/render/image/public/product-images/');
  expect(src.searchParams.get('width')).toBe('1600');
  expect(src.searchParams.get('resize')).toBeNull();
  await expect(first).toHaveAttribute('alt', `${p.nombre} (imagen 1 de ${p.total})`);

  if (isPhone(info)) {
    await swipeLeft(page);
    await expect(viewer.getByText(`2 / ${p.total}`, { exact: true })).toBeVisible();
  } else {
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`2 / ${p.total}`, { exact: true })).toBeVisible();
    await viewer.getByRole('button', { name: 'Imagen siguiente' }).click();
    await expect(viewer.getByText(`3 / ${p.total}`, { exact: true })).toBeVisible();
    await viewer.getByRole('button', { name: 'Imagen anterior' }).click();
    await expect(viewer.getByText(`2 / ${p.total}`, { exact: true })).toBeVisible();
  }
  // the arrows wrap around: back twice from the second is the last
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(`${p.total} / ${p.total}`, { exact: true })).toBeVisible();
  await expect(await shownImage(viewer)).toHaveAttribute('alt', `${p.nombre} (imagen ${p.total} de ${p.total})`);

  // the page behind stays where it was (a wheel, Page Down or Space would move it hundreds of pixels)
  if (!isPhone(info)) await page.mouse.wheel(0, 900);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Space');
  const scrolled = async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore);
  expect(await scrolled()).toBeLessThan(20);

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  // the gallery is left on the image viewed last
  await expect(gallery.getByText(`${p.total} / ${p.total}`, { exact: true })).toBeVisible();
  await expect(opener).toHaveAccessibleName(`Ampliar imagen ${p.total} de ${p.total}: ${p.nombre}`);
  expect(await scrolled()).toBeLessThan(20);
  // and the page scrolls again
  await page.keyboard.press('PageDown');
  await expect.poll(scrolled).toBeGreaterThan(100);
});

test('a thumbnail chooses the image the gallery opens at', async ({ page }) => {
  const p = await demoProduct((n) => n >= 2);
  const opener = await openProduct(page, p.permalink);
  await page.getByRole('button', { name: `Ver imagen 2 de ${p.total}` }).click();
  await opener.click();
  const viewer = page.getByRole('dialog', { name: `Imágenes de ${p.nombre}` });
  await expect(viewer.getByText(`2 / ${p.total}`, { exact: true })).toBeVisible();
  await expect(await shownImage(viewer)).toHaveAttribute('alt', `${p.nombre} (imagen 2 de ${p.total})`);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('zoom: a double tap on a phone, the zoom keys on a desktop', async ({ page }, info) => {
  const p = await demoProduct((n) => n >= 1);
  const opener = await openProduct(page, p.permalink);
  await opener.click();
  const viewer = page.getByRole('dialog', { name: `Imágenes de ${p.nombre}` });
  const img = await shownImage(viewer);
  const fitted = await shownWidth(img);
  await expect(viewer).not.toHaveClass(/pswp--zoomed-in/);

  if (isPhone(info)) {
    const box = await img.boundingBox();
    if (!box) throw new Error('La imagen no se ve');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    // the picture grows to at least twice its fitted size; a second double tap brings it back
    await expect.poll(() => zoomScale(img, fitted)).toBeGreaterThan(1.9);
    await expect(viewer).toHaveClass(/pswp--zoomed-in/);
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(1, 2);
    await expect(viewer).not.toHaveClass(/pswp--zoomed-in/);
  } else {
    // '+' 1.5 times closer each, '-' back a step, '0' the whole image again
    await page.keyboard.press('+');
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(1.5, 1);
    await expect(viewer).toHaveClass(/pswp--zoomed-in/);
    await page.keyboard.press('+');
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(2.25, 1);
    await page.keyboard.press('-');
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(1.5, 1);
    await page.keyboard.press('0');
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(1, 2);
    // PhotoSwipe's own 'z' toggles the zoom, to at least twice the fitted size
    await page.keyboard.press('z');
    await expect.poll(() => zoomScale(img, fitted)).toBeGreaterThan(1.9);
    await page.keyboard.press('z');
    await expect.poll(() => zoomScale(img, fitted)).toBeCloseTo(1, 2);
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a product with one image opens it alone: no counter, no arrows', async ({ page }) => {
  const p = await demoProduct((n) => n === 0);
  const opener = await openProduct(page, p.permalink);
  await expect(opener).toHaveAccessibleName(`Ampliar imagen: ${p.nombre}`);
  await opener.click();
  const viewer = page.getByRole('dialog', { name: `Imágenes de ${p.nombre}` });
  await expect(await shownImage(viewer)).toHaveAttribute('alt', p.nombre);
  await expect(viewer.getByText('1 / 1', { exact: true })).toBeHidden();
  await expect(viewer.getByRole('button', { name: 'Imagen siguiente' })).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(await shownImage(viewer)).toHaveAttribute('alt', p.nombre);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});
