/** Information and test pages: headings and the spec's figures, the FAQ accordion, the contact form, no-JS reading. */
import { expect, test } from './test.ts';
import { shopChat } from '../../src/config/shop.ts';
import { greetingLink } from '../../src/lib/chat.ts';
import { anon, mexicoDate, service, shopSettings } from './fixtures.ts';

const greeting = async () => greetingLink(shopChat((await shopSettings()).seller_phone));

test('how to buy shows the five steps, four reasons and a chat button', async ({ page }) => {
  await page.goto('/como-comprar');
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo comprar' })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Tu compra en cinco pasos' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const [i, title] of [
    'Explora el catálogo',
    'Escríbenos por WhatsApp',
    'Paga y comparte tus datos',
    'Recibe tu guía de rastreo',
    'Espera en casa',
  ].entries()) {
    await expect(steps.nth(i)).toContainText(title);
  }
  await expect(steps.nth(2)).toContainText('nombre completo, dirección de entrega, teléfono y correo electrónico');
  await expect(page.getByRole('region', { name: '¿Por qué comprar con nosotros?' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('Tu pedido llega en 3 a 10 días hábiles a partir de la confirmación del pago')).toBeVisible();
  const chat = page.getByRole('link', { name: /Escríbenos por WhatsApp/ });
  await expect(chat).toHaveAttribute('href', await greeting());
  await expect(chat).toHaveAttribute('target', '_blank');
});

test('the FAQ has four groups and keeps one answer open at a time', async ({ page }) => {
  await page.goto('/preguntas-frecuentes');
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  for (const group of ['Productos', 'Compras y pagos', 'Envíos', 'Devoluciones y garantía']) {
    await expect(page.getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
  }
  const shipping = page.getByText('¿El envío tiene costo?');
  const payments = page.getByText('¿Puedo pagar a meses sin intereses?');
  const free = page.getByText('En compras menores, el envío cuesta $149 por pedido.');
  const months = page.getByText('En compras desde $1,000 puedes pagar a 3 y 6 meses sin intereses');
  await expect(free).toBeHidden();

  await shipping.click();
  await expect(free).toBeVisible();
  await payments.click();
  await expect(months).toBeVisible();
  await expect(free).toBeHidden();
  await expect(page.locator('details[open]')).toHaveCount(1);

  await page.getByText('¿Puedo devolver un producto?').click();
  await expect(page.getByText('Tienes 30 días naturales a partir de la entrega')).toBeVisible();
  await page.getByText('¿Cuánto tarda en llegar mi pedido?').click();
  await expect(page.getByText('Ciudad de México y área metropolitana: de 3 a 7 días hábiles.')).toBeVisible();
  await expect(page.getByText('Resto de la República: de 5 a 10 días hábiles.')).toBeVisible();
  await expect(page.locator('details[open]')).toHaveCount(1);
});

test('terms and privacy carry their policy text', async ({ page }) => {
  await page.goto('/terminos');
  await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
  for (const text of [
    'Tarjeta de crédito o débito',
    'PayPal',
    'Transferencia bancaria',
    'Efectivo en tiendas de conveniencia',
    'Resto de la República: de 5 a 10 días hábiles.',
    'Puedes cancelar tu pedido sin costo mientras no lo hayamos enviado',
    'dentro de los 5 días hábiles siguientes a la entrega (artículo 56 de la Ley Federal de Protección al Consumidor)',
    'en un máximo de 10 días hábiles después de recibir el producto',
  ]) {
    await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
  }

  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '6. Tus derechos ARCO' })).toBeVisible();
});

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contacto');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled(); // hydrated
  });

  test('shows the contact details, social links and opening hours', async ({ page }) => {
    await expect(page.getByRole('link', { name: /\+52 55 1234 5678/ }).first()).toHaveAttribute('href', await greeting());
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('heading', { name: 'Horario de atención' })).toBeVisible();
    await expect(page.getByText('Lunes a viernes')).toBeVisible();
    for (const network of ['Instagram', 'Facebook', 'TikTok']) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(network) })).toBeVisible();
    }
  });

  test('a missing required field gives the error toast', async ({ page }) => {
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('Por favor completa todos los campos requeridos.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveAttribute('aria-invalid', 'true');

    // Subject is optional; an email or a phone is needed to answer.
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Asunto (opcional)', exact: true }).fill('Tallas');
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('¿Tienen los jeans en talla 28?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('Escribe un correo electrónico o un teléfono para poder responderte.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Teléfono o WhatsApp', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Mensaje enviado!')).toHaveCount(0);
  });

  test('a complete form reaches the shop with the page it came from, then resets and confirms', async ({ page }) => {
    await service().from('contact_messages').delete().gte('id', 0).throwOnError();
    // Written after reading 'Cómo comprar': that page is kept with the message.
    await page.goto('/como-comprar');
    await page.evaluate(() => {
      window.location.href = '/contacto';
    });
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
    const text = `¿Tienen los jeans en talla 28? ${test.info().project.name}`;
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Teléfono o WhatsApp', exact: true }).fill('55 1234 5678');
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill(text);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText('Mensaje enviado!')).toBeVisible();
    await expect(page.getByText('Gracias por contactarnos. Te responderemos a la brevedad.')).toBeVisible();
    for (const label of ['Nombre', 'Correo electrónico', 'Teléfono o WhatsApp', 'Asunto (opcional)', 'Mensaje'])
      await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    const { data } = await service().from('contact_messages').select('name, email, phone, message, page').throwOnError();
    expect(data).toEqual([{ name: 'Ana López', email: null, phone: '5512345678', message: text, page: '/como-comprar' }]);
  });

  test('a flood from one connection is refused with the shop’s message and keeps what was typed', async ({ page }) => {
    await service().from('contact_messages').delete().gte('id', 0).throwOnError();
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post(`${process.env['E2E_SUPABASE_URL']}/functions/v1/contact-message`, {
        headers: { apikey: process.env['E2E_ANON_KEY']!, authorization: `Bearer ${process.env['E2E_ANON_KEY']}` },
        data: { name: 'Bot', email: `bot${i}@example.com`, message: 'Oferta' },
      });
      expect(res.status()).toBe(201);
    }
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana López');
    await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Hola');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(
      page.getByText('Ya recibimos tus mensajes. Espera unos minutos antes de enviar otro, o escríbenos por WhatsApp.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Mensaje', exact: true })).toHaveValue('Hola');
    const { count } = await service().from('contact_messages').select('*', { count: 'exact', head: true });
    expect(count).toBe(3);
    await service().from('contact_messages').delete().gte('id', 0).throwOnError();
  });
});

test('with JavaScript off the FAQ, terms and contact details still read', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${process.env['E2E_BASE_URL']}/preguntas-frecuentes`);
  await page.getByText('¿Qué métodos de pago aceptan?').click();
  await expect(page.getByText('Formas de pago: Tarjeta de crédito o débito, PayPal, Transferencia bancaria')).toBeVisible();
  await page.getByText('¿Puedo cancelar mi pedido?').click();
  await expect(page.getByText('Puedes cancelar tu pedido sin costo mientras no lo hayamos enviado')).toBeVisible();
  await expect(page.locator('details[open]')).toHaveCount(1);

  await page.goto(`${process.env['E2E_BASE_URL']}/terminos`);
  await expect(page.getByText('dentro de los 5 días hábiles siguientes a la entrega').first()).toBeVisible();

  // (Chromium's JS-off emulation does not render <noscript>, so its note cannot be checked here.)
  await page.goto(`${process.env['E2E_BASE_URL']}/contacto`);
  await expect(page.getByText('Lunes a viernes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
  await context.close();
});

test('the metatag test page shows the newest active product and links to its page', async ({ page }) => {
  const { data } = await anon()
    .from('products')
    .select('nombre, permalink, campaign:campaigns!inner(fecha_fin)')
    .gte('campaign.fecha_fin', mexicoDate())
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  await page.goto('/test-metatags');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prueba de metaetiquetas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cómo revisar la vista previa' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(data!.nombre) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir página del producto' })).toHaveAttribute(
    'href',
    `/producto/${encodeURIComponent(data!.permalink)}`,
  );
});

test('the dashboard test page shows the anon counts and refreshes them live', async ({ page }) => {
  const db = anon();
  const head = { count: 'exact', head: true } as const;
  const [products, campaigns, categories, brands] = await Promise.all([
    db.from('products').select('id', head),
    db.from('campaigns').select('id', head).gte('fecha_fin', mexicoDate()),
    db.from('categories').select('id', head),
    db.from('brands').select('id', head),
  ]);
  await page.goto('/test-dashboard');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const expected = {
    products: products.count,
    campaigns: campaigns.count,
    categories: categories.count,
    brands: brands.count,
    relations: products.count,
  };
  for (const [key, count] of Object.entries(expected)) {
    expect(count).toBeGreaterThan(0);
    await expect(page.locator(`[data-check="${key}"]`)).toHaveText(String(count));
  }
  await expect(page.getByRole('row')).toHaveCount(6); // header + 5 products with their relations
  await expect(page.getByText('Resultados de la compilación')).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Resultados en vivo desde el navegador')).toBeVisible();
  await expect(page.getByText('Todas las consultas correctas')).toBeVisible();
  await expect(page.locator('[data-check="products"]')).toHaveText(String(products.count));
});
