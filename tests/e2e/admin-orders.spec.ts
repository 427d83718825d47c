/**
 * 'Pedidos' as an owner: an order a shopper sent holds its piece (a second shopper is told it is
 * apartada), is found by the reference as they quote it in the chat ('om 7k3f2'), says until when it
 * holds it, in the list and opened, and its hold is extended; marked paid with a note and a tracking
 * number, it sells the piece: the size is sold out on the product page and leaves the shop's size filter and counts;
 * cancelling it puts the size on sale again. An order whose hold ran out says so and cannot be
 * extended, one whose hold ends while it is open is refused in Spanish, and cancelling an unpaid
 * order ends its hold. Online payments, recorded as the webhook records Mercado Pago's: how each
 * order was paid (in the list and opened), flagged payments in red, what the dialog says while
 * payments are off, the payment link to copy or send by WhatsApp once they are on, and an owner's
 * refund (the function's answers stood in for: the real one is proven in tests/db/payments.test.ts),
 * which an editor does not get to make.
 */
import { holdState, holdText, shortMoment, untilText } from '../../admin/orders/rules.ts';
import { formatPrice } from '../../src/lib/money.ts';
import { anon, createAccount, service, shopSettings, sql } from './fixtures.ts';
import { signIn } from './sign-in.ts';
import { expect, type Locator, type Page, test } from './test.ts';

const run = Date.now().toString(36);
const ADMIN = { email: `admin-orders-${run}@e2e.local`, password: 'admin-e2e-password' };
const EDITOR = { email: `editor-orders-${run}@e2e.local`, password: 'editor-e2e-password' };

interface Product {
  id: string;
  nombre: string;
  permalink: string;
  precio_venta: number;
  category_id: string;
  size: string;
  /** Another size of it, for the orders whose holds end. */
  other: string;
}

/** A live product with several sizes, and the size of it fewest other products share. */
async function productAndSize(): Promise<Product> {
  const { data } = await anon()
    .from('products')
    .select('id, nombre, permalink, precio_venta, category_id, sizes')
    .eq('agotado', false)
    .not('category_id', 'is', null)
    .order('permalink')
    .throwOnError();
  const p = (data ?? []).find((x) => x.sizes.length >= 3);
  if (!p) throw new Error('La demo no tiene un producto con tres tallas');
  return {
    id: p.id,
    nombre: p.nombre,
    permalink: p.permalink,
    precio_venta: Number(p.precio_venta),
    category_id: p.category_id!,
    size: p.sizes[1]!,
    other: p.sizes[2]!,
  };
}

/** What the shop's size filter says of `size` in a category right now: its product count (0 when absent). */
async function sizeCount(category: string, size: string): Promise<number> {
  const { data } = await anon().rpc('get_available_sizes', { p_category_id: category }).throwOnError();
  return (data ?? []).find((s) => s.nombre === size)?.product_count ?? 0;
}

function order(p: Product, talla: string) {
  return anon().rpc('place_order', { p_items: [{ product_id: p.id, talla, precio_venta: p.precio_venta }], p_channel: 'producto' });
}

async function placeOrder(p: Product, talla = p.size): Promise<string> {
  return (await placeOrderFull(p, talla)).reference;
}

async function placeOrderFull(p: Product, talla = p.size): Promise<{ reference: string; total: number; page_token: string }> {
  const { data } = await order(p, talla).throwOnError();
  const answer = data as { ok: boolean; reference: string; total: number; page_token: string };
  expect(answer.ok).toBe(true);
  return answer;
}

type HoldRow = { id: string; status: string; held_until: string | null; hold_ended_at: string | null; hold_end_reason: string | null };

/** The order's hold as the back office reads it through the API (instants as ISO strings). */
async function orderRow(reference: string): Promise<HoldRow> {
  const [row] = await sql<{ [K in keyof HoldRow]: HoldRow[K] | Date }>(
    'select id, status, held_until, hold_ended_at, hold_end_reason from public.orders where reference = $1',
    [reference],
  );
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
  return {
    id: String(row!.id),
    status: String(row!.status),
    held_until: iso(row!.held_until),
    hold_ended_at: iso(row!.hold_ended_at),
    hold_end_reason: iso(row!.hold_end_reason),
  };
}

/** What the order's dialog says of its hold now, by the same rules the back office reads it with. */
async function holdLine(reference: string): Promise<string | null> {
  const now = new Date();
  return holdText(holdState(await orderRow(reference), now), now);
}

async function stock(p: Product, talla: string) {
  const [row] = await sql<{ existencias: number; apartadas: number }>(
    'select existencias, apartadas from public.product_sizes where product_id = $1 and talla = $2',
    [p.id, talla],
  );
  return row;
}

async function openOrder(page: Page, typed: string, reference: string) {
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pedidos/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill(typed);
  const rows = page.getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one order
  await rows.click();
  const dialog = page.getByRole('dialog', { name: `Pedido ${reference}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function setStatus(page: Page, dialog: ReturnType<Page['getByRole']>, status: string) {
  await dialog.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

async function extend(page: Page, dialog: ReturnType<Page['getByRole']>, choice: string) {
  await dialog.getByRole('button', { name: 'Extender apartado' }).click();
  await page.getByRole('menuitem', { name: choice }).click();
}

let product: Product;

/** No orders: the paid ones are cancelled first, which puts their pieces back on sale. */
async function clearOrders() {
  await sql(`update public.orders set status = 'cancelado' where status in ('pagado', 'enviado', 'entregado')`);
  await sql('delete from public.orders');
}

test.beforeAll(async () => {
  await createAccount(ADMIN);
  await createAccount(EDITOR, 'editor');
  await clearOrders();
  product = await productAndSize();
  // one piece of each size the tests order
  await sql('update public.product_sizes set existencias = 1 where product_id = $1 and talla = any($2)', [
    product.id,
    [product.size, product.other],
  ]);
});

test.afterAll(clearOrders);

test('an order holds its piece until a time the team extends; paid, it sells it in the shop; cancelling it puts it back', async ({
  page,
}) => {
  const before = await sizeCount(product.category_id, product.size);
  expect(before).toBeGreaterThan(0);
  const reference = await placeOrder(product);
  // the one piece is held: a second shopper is told so, and the size leaves the filter's count at once
  const { data: second } = await order(product, product.size).throwOnError();
  expect(second).toMatchObject({ ok: false, problems: [{ talla: product.size, motivo: 'apartada' }] });
  expect(await stock(product, product.size)).toEqual({ existencias: 1, apartadas: 1 });
  expect(await sizeCount(product.category_id, product.size)).toBe(before - 1);

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  const held = (await orderRow(reference)).held_until!;
  // the list says until when, compactly
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(`Hasta ${untilText(held, new Date())}`);
  const typed = `${reference.slice(0, 2).toLowerCase()} ${reference.slice(3).toLowerCase()}`; // 'om 7k3f2'
  let dialog = await openOrder(page, typed, reference);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(product.nombre);
  await expect(dialog.getByRole('list', { name: 'Productos del pedido' })).toContainText(`Talla ${product.size}`);
  const hold = dialog.getByTestId('order-hold');
  await expect(hold).toContainText(`Apartado hasta ${untilText(held, new Date())}`);

  // 24 hours more: the new time, in the dialog and the database
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Pagará por transferencia');
  await extend(page, dialog, '+24 h');
  await expect(page.getByText(/Apartado extendido hasta /)).toBeVisible();
  const extended = (await orderRow(reference)).held_until!;
  expect(new Date(extended).getTime() - new Date(held).getTime()).toBe(24 * 3600_000);
  await expect(page.getByText(`Apartado extendido hasta ${untilText(extended, new Date())}`)).toBeVisible();
  await expect(hold).toContainText(`Apartado hasta ${untilText(extended, new Date())}`);
  // what was typed before extending is still there
  await expect(dialog.getByRole('textbox', { name: 'Notas' })).toHaveValue('Pagará por transferencia');

  await setStatus(page, dialog, 'Pagado');
  await expect(dialog.getByRole('status')).toHaveText(
    'Al guardar, se venden las piezas apartadas de este pedido: las existencias de cada talla bajan en una.',
  );
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Pagó por transferencia');
  await dialog.getByRole('textbox', { name: 'Número de guía' }).fill('DHL 1234567890');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Pedido actualizado')).toBeVisible();
  const paidRow = page.getByRole('row').filter({ hasText: reference });
  await expect(paidRow).toContainText('Pagado');
  await expect(paidRow).not.toContainText('Hasta');
  // sold: the piece is gone, nothing is held
  expect(await stock(product, product.size)).toEqual({ existencias: 0, apartadas: 0 });
  expect(await orderRow(reference)).toMatchObject({ status: 'pagado', held_until: null });

  // live: the product page says the size is sold out, and it leaves the size filter's count
  expect(await sizeCount(product.category_id, product.size)).toBe(before - 1);
  const shop = await page.context().newPage();
  await shop.goto(`/producto/${product.permalink}`);
  await expect(shop.locator('astro-island[component-url*="LiveCheck"]').first()).not.toHaveAttribute('ssr', /.*/);
  const sizes = shop.getByRole('group', { name: 'Talla', exact: true });
  await expect(sizes.getByRole('button').first()).toBeVisible();
  await expect(sizes.getByRole('button', { name: product.size, exact: true })).toHaveAccessibleDescription('Agotada');
  await expect(sizes.getByRole('button', { name: product.size, exact: true })).toHaveAttribute('aria-disabled', 'true');
  await shop.goto(`/tienda?category=${product.category_id}`);
  const sizeSelect = shop.getByRole('combobox', { name: 'Talla', exact: true });
  if (before - 1 === 0) await expect(sizeSelect.locator('option', { hasText: `${product.size} (` })).toHaveCount(0);
  else await expect(sizeSelect.locator('option', { hasText: `${product.size} (${before - 1})` })).toHaveCount(1);
  await shop.close();

  // cancelling the paid one puts the piece on sale again
  dialog = await openOrder(page, reference, reference);
  await expect(dialog.getByRole('textbox', { name: 'Notas' })).toHaveValue('Pagó por transferencia');
  await expect(dialog.getByTestId('order-hold')).toHaveCount(0);
  await setStatus(page, dialog, 'Cancelado');
  await expect(dialog.getByRole('status')).toHaveText('Al guardar, las piezas vendidas en este pedido vuelven a estar a la venta.');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Cancelado');
  expect(await stock(product, product.size)).toEqual({ existencias: 1, apartadas: 0 });
  expect(await sizeCount(product.category_id, product.size)).toBe(before);
});

test('a hold that ran out says so; one that ends while open cannot be extended; cancelling an unpaid order ends its hold', async ({
  page,
}) => {
  // a hold whose time ran out: its piece went back on sale
  const expired = await placeOrder(product, product.other);
  await sql(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [expired]);
  await sql('select private.release_expired_holds()');
  expect(await orderRow(expired)).toMatchObject({ held_until: null, hold_end_reason: 'vencido' });
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 0 });

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  await expect(page.getByRole('row').filter({ hasText: expired })).toContainText('Vencido');
  let dialog = await openOrder(page, expired, expired);
  const vencido = await holdLine(expired);
  expect(vencido).toMatch(/^Apartado vencido \(\d{2}:\d{2}\): las piezas volvieron a la venta$/);
  await expect(dialog.getByTestId('order-hold')).toHaveText(vencido!);
  await expect(dialog.getByRole('button', { name: 'Extender apartado' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // the hold ends while the team has the order open: the extension is refused in Spanish
  const ending = await placeOrder(product, product.other);
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill('');
  dialog = await openOrder(page, ending, ending);
  await expect(dialog.getByTestId('order-hold')).toContainText('Apartado hasta');
  await sql(`update public.orders set held_until = now() - interval '1 second' where reference = $1`, [ending]);
  await sql('select private.release_expired_holds()');
  await extend(page, dialog, '+4 h');
  await expect(dialog.getByRole('alert')).toHaveText('Este pedido ya no tiene piezas apartadas.');
  await expect(dialog.getByTestId('order-hold')).toContainText('Apartado vencido');
  await expect(dialog.getByRole('button', { name: 'Extender apartado' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // cancelling an order that holds its piece ends the hold and puts the piece back on sale
  const cancelled = await placeOrder(product, product.other);
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 1 });
  await page.getByRole('textbox', { name: 'Buscar por referencia' }).fill('');
  dialog = await openOrder(page, cancelled, cancelled);
  await setStatus(page, dialog, 'Cancelado');
  await expect(dialog.getByRole('status')).toHaveText('Al guardar, termina el apartado y sus piezas vuelven a la venta.');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row').filter({ hasText: cancelled })).toContainText('Cancelado');
  expect(await stock(product, product.other)).toEqual({ existencias: 1, apartadas: 0 });
  dialog = await openOrder(page, cancelled, cancelled);
  await expect(dialog.getByTestId('order-hold')).toHaveText('Apartado terminado al cancelar');
  await page.screenshot({ path: test.info().outputPath('pedido-cancelado.png') });
});

/** A payment as Mercado Pago's API describes it, recorded as the webhook function records it (service role). */
async function recordPayment(payment: Record<string, unknown>): Promise<string> {
  const { data } = await service()
    .rpc('record_payment', { p_payment: { status_detail: 'accredited', currency_id: 'MXN', installments: 1, ...payment } as never })
    .throwOnError();
  return (data as { result: string }).result;
}

/** The function's answers, as refund-payment gives them (CORS included: the back office calls it from the shop's origin). */
const functionAnswer = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  headers: { 'access-control-allow-origin': '*' },
  body: JSON.stringify(body),
});

function paymentRow(dialog: Locator, text: string): Locator {
  return dialog.getByTestId('order-payment').filter({ hasText: text });
}

/**
 * An order paid by card in 3 months and then paid again by debit card (a duplicate), and an unpaid
 * one with a payment of another amount from Mercado Pago balance, as the webhook records them.
 */
async function paidAndFlagged() {
  await clearOrders();
  const paid = await placeOrderFull(product);
  const flagged = await placeOrderFull(product, product.other);
  const approvedAt = new Date().toISOString();
  const cardId = `${Date.now()}`;
  const duplicateId = `${Date.now() + 1}`;
  const walletId = `${Date.now() + 2}`;
  const card = { external_reference: paid.reference, status: 'approved', transaction_amount: paid.total, date_approved: approvedAt };
  expect(await recordPayment({ ...card, id: cardId, payment_method_id: 'visa', payment_type_id: 'credit_card', installments: 3 })).toBe(
    'pagado',
  );
  // a second approved payment of the paid order (the shopper paid twice), and one of another amount
  expect(await recordPayment({ ...card, id: duplicateId, payment_method_id: 'debmaster', payment_type_id: 'debit_card' })).toBe(
    'pago_duplicado',
  );
  expect(
    await recordPayment({
      id: walletId,
      external_reference: flagged.reference,
      status: 'approved',
      transaction_amount: 100,
      date_approved: approvedAt,
      payment_method_id: 'account_money',
      payment_type_id: 'account_money',
    }),
  ).toBe('monto_distinto');
  return { paid, flagged, cardId, duplicateId, walletId, approved: `Aprobado el ${shortMoment(approvedAt, new Date())}` };
}

test('online payment off: how each order was paid, flagged payments in red, and neither link nor refund', async ({ page }) => {
  const { paid, flagged, cardId, walletId, approved } = await paidAndFlagged();
  // the test stack has no Mercado Pago secrets: pay/status says payments are off
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Pedidos' }).click();
  const paidRow = page.getByRole('row').filter({ hasText: paid.reference });
  await expect(paidRow).toContainText('Visa · 3 meses');
  await expect(paidRow).toContainText('Revisar pago');
  await expect(page.getByRole('row').filter({ hasText: flagged.reference })).toContainText('Mercado Pago');
  await expect(page.getByRole('row').filter({ hasText: flagged.reference })).toContainText('Revisar pago');

  let dialog = await openOrder(page, flagged.reference, flagged.reference);
  const wallet = paymentRow(dialog, 'Dinero en Mercado Pago');
  await expect(wallet).toContainText(`Mercado Pago n.º ${walletId}`);
  await expect(wallet).toContainText(approved);
  await expect(wallet).toContainText('$100.00');
  await expect(wallet.getByTestId('payment-flag')).toHaveText('Monto distinto al total: no se marcó pagado');
  await expect(dialog.getByTestId('payments-off')).toHaveText('Pagos en línea desactivados: configura Mercado Pago (README)');
  await expect(dialog.getByRole('textbox', { name: /Enlace de pago/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Ver página del pedido' })).toHaveAttribute('href', `/pedido/?t=${flagged.page_token}`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  dialog = await openOrder(page, paid.reference, paid.reference);
  const visa = paymentRow(dialog, 'Tarjeta de crédito Visa · 3 meses');
  await expect(visa).toContainText(`Mercado Pago n.º ${cardId}`);
  await expect(visa).toContainText(approved);
  await expect(visa).toContainText(formatPrice(paid.total));
  await expect(visa.getByTestId('payment-flag')).toHaveCount(0);
  const duplicate = paymentRow(dialog, 'Tarjeta de débito Mastercard');
  await expect(duplicate.getByTestId('payment-flag')).toHaveText('Pago duplicado: reembólsalo');
  // no refund while payments are off: the owner is told where to refund instead
  await expect(dialog.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
  await expect(duplicate).toContainText('Con los pagos en línea desactivados, reembolsa desde tu cuenta de Mercado Pago.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});

test('online payment on: the payment link to copy or send, and a refund only an owner makes, sent once', async ({
  page,
  context,
  freshPage,
}) => {
  const { paid, flagged, cardId, duplicateId } = await paidAndFlagged();
  await page.route('**/functions/v1/pay/status', (route) => route.fulfill(functionAnswer(200, { enabled: true })));
  const refundRequests: Record<string, unknown>[] = [];
  const [owner] = await sql<{ id: string }>('select id from auth.users where email = $1', [ADMIN.email]);
  await page.route('**/functions/v1/refund-payment', async (route) => {
    if (route.request().method() !== 'POST') return route.fulfill(functionAnswer(204, {}));
    const body = route.request().postDataJSON() as { order_id: string; payment_id: string; amount: number; reason: string };
    refundRequests.push(body);
    await new Promise((resolve) => setTimeout(resolve, 600)); // Mercado Pago takes a moment
    if (refundRequests.length === 1) {
      return route.fulfill(
        functionAnswer(502, {
          error: 'Mercado Pago no confirmó el reembolso. Inténtalo de nuevo en unos minutos: la misma solicitud nunca reembolsa dos veces.',
        }),
      );
    }
    // as the function does once Mercado Pago refunded: recorded with its reason and who asked
    await service()
      .rpc('record_refund', {
        p_payment_id: body.payment_id,
        p_refund_id: `${Date.now()}`,
        p_amount: body.amount,
        p_reason: body.reason,
        p_refunded_by: String(owner!.id),
      })
      .throwOnError();
    return route.fulfill(
      functionAnswer(201, {
        ok: true,
        reference: paid.reference,
        refund_id: '1504827301',
        amount: body.amount,
        refunded: body.amount,
        remaining: paid.total - body.amount,
      }),
    );
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN);

  let dialog = await openOrder(page, flagged.reference, flagged.reference);
  const link = `${process.env['E2E_SUPABASE_URL']}/functions/v1/pay/${flagged.page_token}`;
  await expect(dialog.getByRole('textbox', { name: `Enlace de pago del pedido ${flagged.reference}` })).toHaveValue(link);
  await expect(dialog.getByTestId('payments-off')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Enlace de pago copiado')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const whatsapp = await dialog.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href');
  const shared = new URL(whatsapp!);
  expect(`${shared.origin}${shared.pathname}`).toBe('https://wa.me/');
  expect(shared.searchParams.get('text')).toContain(flagged.reference);
  expect(shared.searchParams.get('text')).toContain(link);
  await expect(dialog.getByRole('link', { name: 'Ver página del pedido' })).toHaveAttribute('href', `/pedido/?t=${flagged.page_token}`);
  // the flagged payment of another amount is the owner's to refund too
  await expect(paymentRow(dialog, 'Dinero en Mercado Pago').getByRole('button', { name: 'Reembolsar' })).toBeVisible();
  // Escape closes the order (its buttons lie under the notification for a few seconds)
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // a paid order has no payment link; each approved payment has its 'Reembolsar'
  dialog = await openOrder(page, paid.reference, paid.reference);
  await expect(dialog.getByRole('textbox', { name: /Enlace de pago/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Reembolsar' })).toHaveCount(2);
  const duplicate = paymentRow(dialog, 'Tarjeta de débito Mastercard');
  await duplicate.getByRole('button', { name: 'Reembolsar' }).click();
  const refund = page.getByRole('dialog', { name: `Reembolsar pago ${duplicateId}` });
  const amount = refund.getByRole('textbox', { name: 'Monto a reembolsar' });
  await expect(amount).toHaveValue(paid.total.toFixed(2));
  await expect(refund).toContainText(`Quedan ${formatPrice(paid.total)} por reembolsar de ${formatPrice(paid.total)}.`);
  const days = (await shopSettings()).revocation_days;
  await expect(refund).toContainText(
    `Tus políticas prometen el derecho de revocación: ${days} días hábiles después de la entrega (Configuración → Políticas). ` +
      'Reembolsar, aunque sea todo, no cambia el estado del pedido: si las piezas regresan, cancélalo.',
  );
  // the reason is required, and no more than what is left is sent
  await refund.getByRole('button', { name: `Reembolsar ${formatPrice(paid.total)}` }).click();
  await expect(refund).toContainText('Escribe el motivo del reembolso.');
  await amount.fill(String(paid.total + 1));
  await expect(refund).toContainText(`El monto supera lo que queda por reembolsar. Quedan $${paid.total.toFixed(2)}.`);
  expect(refundRequests).toHaveLength(0);

  await amount.fill('200');
  await refund.getByRole('textbox', { name: 'Motivo' }).fill('La clienta pagó dos veces');
  const submit = refund.getByRole('button', { name: 'Reembolsar $200.00' });
  // a double click sends one request, and the button waits for the answer
  await submit.dblclick();
  await expect(refund.getByRole('button', { name: 'Reembolsando…' })).toBeDisabled();
  // the function's refusal, word for word
  await expect(refund.getByRole('alert')).toHaveText(
    'Mercado Pago no confirmó el reembolso. Inténtalo de nuevo en unos minutos: la misma solicitud nunca reembolsa dos veces.',
  );
  expect(refundRequests).toEqual([
    { order_id: (await orderRow(paid.reference)).id, payment_id: duplicateId, amount: 200, reason: 'La clienta pagó dos veces' },
  ]);
  await submit.click();
  await expect(page.getByText('Reembolso de $200.00 hecho en Mercado Pago')).toBeVisible();
  await expect(refund).toBeHidden();
  expect(refundRequests).toHaveLength(2);
  // the refund in the payment's block and in the refunds, with who and when
  await expect(duplicate).toContainText(`Reembolsado: $200.00 · quedan ${formatPrice(paid.total - 200)}`);
  await expect(duplicate.getByTestId('payment-flag')).toHaveText('Pago duplicado: reembólsalo');
  const refunds = dialog.getByRole('list', { name: 'Reembolsos' });
  await expect(refunds).toContainText('La clienta pagó dos veces');
  await expect(refunds).toContainText('$200.00');
  await expect(refunds).toContainText(`${ADMIN.email} (tú) · `);
  await page.screenshot({ path: test.info().outputPath('pedido-reembolso.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // an editor reads the payments but does not refund
  const editor = await freshPage();
  await editor.route('**/functions/v1/pay/status', (route) => route.fulfill(functionAnswer(200, { enabled: true })));
  await signIn(editor, EDITOR);
  dialog = await openOrder(editor, paid.reference, paid.reference);
  await expect(paymentRow(dialog, 'Tarjeta de crédito Visa · 3 meses')).toContainText(`Mercado Pago n.º ${cardId}`);
  await expect(paymentRow(dialog, 'Tarjeta de débito Mastercard')).toContainText('Reembolsado: $200.00');
  await expect(dialog.getByRole('list', { name: 'Reembolsos' })).toContainText(`Un dueño · `);
  await expect(dialog.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
});
