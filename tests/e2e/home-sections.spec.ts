/** Home sections with the demo data: hero, badges, featured carousel, campaigns and their dialog, tiles, brands, chat group (the header search: header-search.spec.ts). */
import { expect, test, type Locator, type Page } from './test.ts';
import { campaignListLabel } from '../../src/lib/campaign.ts';
import { anon, mexicoDate, pinToday, service } from './fixtures.ts';
import { hydrated } from './islands.ts';

async function activeData() {
  const db = service();
  const today = mexicoDate();
  const [campaigns, featured, heroes, tiles, banners] = await Promise.all([
    // the live campaigns, as a shopper reads them (an announced one only once it opened)
    anon().from('campaigns').select('id, nombre, fecha_fin').gte('fecha_fin', today).order('fecha_fin').order('nombre'),
    db
      .from('products')
      .select('id, nombre, permalink, imagen_principal, campaigns!inner(fecha_fin)')
      .eq('destacado', true)
      .gte('campaigns.fecha_fin', today),
    db.from('hero_images').select('title').eq('active', true).order('orden'),
    db.from('featured_categories').select('nombre, category_id').eq('active', true).order('orden'),
    db.from('banner_images').select('name, alt_text, link_url').eq('active', true).order('orden'),
  ]);
  return { campaigns: campaigns.data!, featured: featured.data!, heroes: heroes.data!, tiles: tiles.data!, banners: banners.data!, today };
}

test('the home shows every section with the demo data', async ({ page }) => {
  const data = await activeData();
  await page.goto('/');
  await expect(page.getByText('Revisa tu talla antes de comprar')).toBeVisible();

  const hero = page.getByRole('region', { name: 'Portada' });
  const heroSlides = hero.getByRole('group');
  await expect(heroSlides).toHaveCount(data.heroes.length + Math.min(4, data.featured.filter((p) => p.imagen_principal).length));
  await expect(heroSlides.first().getByRole('heading', { name: data.heroes[0]!.title })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Por qué comprar con nosotros' }).getByRole('listitem')).toHaveCount(4);

  await expect(page.getByRole('heading', { level: 2, name: 'Productos destacados' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Carrusel de productos destacados' });
  // every featured product, up to 24 (six slides of four): the home does not grow with the catalogue.
  // The page carries the first slide; the carousel loads the rest once it is reached.
  await hydrated(page, featured);
  await expect(featured.getByRole('group')).toHaveCount(Math.min(24, data.featured.length));
  const shown = await featured.getByRole('group').getByRole('heading', { level: 3 }).allTextContents();
  expect(new Set(shown).size).toBe(shown.length);
  for (const name of shown) expect(data.featured.map((p) => p.nombre)).toContain(name);

  const campaigns = page.getByRole('region', { name: 'Campañas activas' });
  await expect(campaigns.getByRole('article')).toHaveCount(Math.min(3, data.campaigns.length));
  await expect(campaigns.getByRole('article').getByRole('heading')).toHaveText(data.campaigns.slice(0, 3).map((c) => c.nombre));

  const tiles = page.getByRole('region', { name: 'Compra por categoría' }).getByRole('link');
  await expect(tiles).toHaveText(data.tiles.map((t) => new RegExp(t.nombre)));
  for (const [i, t] of data.tiles.entries())
    await expect(tiles.nth(i)).toHaveAttribute('href', t.category_id ? `/tienda?category=${t.category_id}` : '/tienda');

  const brands = page.getByRole('region', { name: 'Nuestras marcas' });
  await expect(brands.getByRole('img')).toHaveCount(data.banners.length);
  for (const b of data.banners.filter((x) => x.link_url)) {
    const link = brands.getByRole('link', { name: b.alt_text ?? b.name });
    await expect(link).toHaveAttribute('href', b.link_url!);
    if (b.link_url!.startsWith('http')) await expect(link).toHaveAttribute('target', '_blank');
    else await expect(link).not.toHaveAttribute('target');
  }
  expect(data.banners.some((b) => b.link_url?.startsWith('http'))).toBe(true);

  const group = page.getByRole('region', { name: 'Únete a nuestro grupo de WhatsApp' });
  await expect(group.getByText('Más de 500 miembros')).toBeVisible();
  await expect(group.getByRole('link', { name: 'Quiero unirme' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);

  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Inicio', '/'],
    ['Cómo comprar', '/como-comprar'],
    ['Preguntas frecuentes', '/preguntas-frecuentes'],
    ['Términos y condiciones', '/terminos'],
    ['Aviso de privacidad', '/privacidad'],
  ]) {
    await expect(footer.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
  }
});

test('the campaigns dialog lists every active campaign with its label and progress', async ({ page }) => {
  const { campaigns, today } = await activeData();
  await pinToday(page); // the dialog's labels and progress are those of the build's day, today
  await page.goto('/');
  const open = page.getByRole('button', { name: `Ver todas las campañas (${campaigns.length})` });
  await hydrated(page, open);
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Campañas activas' });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(campaigns.length);
  for (const [i, c] of campaigns.entries()) {
    await expect(rows.nth(i).getByRole('link', { name: c.nombre, exact: true })).toHaveAttribute('href', `/tienda?campaign=${c.id}`);
    await expect(rows.nth(i).getByText(campaignListLabel(c.fecha_fin, today)!, { exact: true })).toBeVisible();
    const bar = rows.nth(i).getByRole('progressbar');
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(5);
    expect(value).toBeLessThanOrEqual(100);
  }
  await expect(dialog.getByText('Finaliza hoy', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});

/** Pauses a carousel's autoplay, then checks that previous from the first page goes to the last and back. */
async function expectArrowsWrap(page: Page, carousel: Locator, unit: string) {
  await hydrated(page, carousel);
  // the carousel's engine loads after the island hydrates; the arrows and dots work from then on
  await expect(carousel).toHaveAttribute('data-carousel-ready', '');
  await carousel.getByRole('button', { name: 'Pausar el carrusel' }).click();
  await expect(carousel.getByRole('button', { name: 'Reanudar el carrusel' })).toBeVisible();
  const dots = carousel.getByRole('button', { name: new RegExp(`^Ir a ${unit.toLowerCase()} \\d+ de \\d+$`) });
  const count = await dots.count();
  expect(count).toBeGreaterThan(1);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: `${unit} anterior` }).click();
  await expect(dots.last()).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: `${unit} siguiente` }).click();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: `${unit} siguiente` }).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
}

test('hero carousel arrows wrap around both ends', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Portada' });
  await expectArrowsWrap(page, hero, 'Diapositiva');
  const slides = hero.getByRole('group');
  await expect(slides.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(1)).toBeInViewport();
});

test('featured carousel arrows wrap around both ends', async ({ page }) => {
  await page.goto('/');
  await expectArrowsWrap(page, page.getByRole('region', { name: 'Carrusel de productos destacados' }), 'Página');
});

test('/home-v1 arranges the same sections and names / as canonical', async ({ page }) => {
  await page.goto('/home-v1');
  for (const name of ['Campañas activas', 'Productos destacados', 'Compra por categoría', 'Nuestras marcas']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});
