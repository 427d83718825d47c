/**
 * Fuzzing with seeded generated inputs (HARDENING_SEED replays a run; HARDENING_FULL=1 tries
 * thousands):
 * - CSV files through the import's parsing (the wizard's bytes-to-rows, admin/products/csv-import.ts), and
 *   a sample of them through the Edge Function bulk-import-products-batch as an admin;
 * - shop query strings and product paths through the storefront's parsing, and shop_page called
 *   with what those URLs and plain garbage give it;
 * - malformed, oversized and unauthenticated requests to every Edge Function through the gateway.
 * Every input gets a Spanish message (a failure, per-row errors, or a 4xx), nothing throws, the
 * gateway keeps answering, and the database is unchanged wherever nothing valid was sent.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toImportProduct } from '../../admin/products/import/rules.ts';
import { tableChecksums } from '../../scripts/db/dump.ts';
import { fetchShopPage } from '../../src/data/shop.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { CSV_ERRORS, CSV_FILE_ERROR, CSV_WARNINGS, parseCsvFile, parseCsvPrice } from '../../admin/products/csv-import.ts';
import { filtersFromQuery, filtersToQuery, MAX_SEARCH_LENGTH, shopHref, toRpcParams } from '../../src/lib/filters.ts';
import { isPriceRangeId } from '../../src/lib/price-range.ts';
import { isValidPermalink, productRouteOf } from '../../src/features/product/product-route.ts';
import { ADMIN, ensureUser, stack, USER } from '../db/helpers.ts';
import { B_NIKE, C_ACTIVE, loadFixture } from '../db/fixture.ts';
import {
  createRng,
  deepJson,
  hugeFieldCsv,
  junkValue,
  mangle,
  productPath,
  randomBytes,
  type Rng,
  shopQuery,
  text,
  utf16,
  wellFormedCsv,
  wideCsv,
  windows1252,
  word,
} from './fuzz-inputs.ts';

const FULL = process.env['HARDENING_FULL'] === '1';
const SEED = Number(process.env['HARDENING_SEED'] ?? 20261123);
const COUNTS = FULL
  ? { csv: 5000, importFiles: 200, garbageBatches: 200, urls: 20_000, paths: 5000, shopPage: 1000, functionRequests: 1500 }
  : { csv: 400, importFiles: 15, garbageBatches: 20, urls: 1000, paths: 500, shopPage: 60, functionRequests: 120 };
const tried: Record<string, number> = {};
const count = (target: string, n = 1) => {
  tried[target] = (tried[target] ?? 0) + n;
};

const FUNCTIONS = readdirSync(resolve(import.meta.dirname, '../../supabase/functions'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
  .map((d) => d.name);

/** Phrases of English error text (Postgres, PostgREST, Node, the platform) that must never reach a person. */
const ENGLISH =
  /\b(invalid|error|syntax|unexpected|violates|out of range|too long|does not exist|not found|permission denied|stack depth|maximum|missing|failed|unauthorized|exception|cannot|undefined|null value)\b/i;
const spanishMessage = (message: unknown): boolean => typeof message === 'string' && message.trim() !== '' && !ENGLISH.test(message);

const sql = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
let adminToken: string;
let userToken: string;

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed for ${email}`);
  return body.access_token;
}

async function databaseState(): Promise<Record<string, { rows: number; checksum: string }>> {
  const client = await sql.connect();
  try {
    const all = Object.fromEntries(await tableChecksums(client));
    // sign-ins are not what these tests send: sessions and attempts are left out of the comparison
    for (const key of Object.keys(all)) if (/^auth\.(sessions|refresh_tokens|.*attempt.*)$/.test(key)) delete all[key];
    // nor are shop_page's remembered answers (a minute of computed results), which every shop read may add
    delete all['private.shop_answers'];
    return all;
  } finally {
    client.release();
  }
}

/** The gateway still answers an ordinary request: nothing sent before took a process down. */
async function gatewayAlive(): Promise<void> {
  const res = await fetch(`${stack.url}/rest/v1/brands?select=id&limit=1`, { headers: { apikey: stack.anonKey } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  await loadFixture();
  await ensureUser(ADMIN.email, ADMIN.password, 'owner');
  await ensureUser(USER.email, USER.password, null);
  adminToken = await tokenOf(ADMIN.email, ADMIN.password);
  userToken = await tokenOf(USER.email, USER.password);
});

afterAll(async () => {
  await sql.end();
  const lines = Object.entries(tried).map(([target, n]) => `  ${target}: ${n}`);
  console.log(`fuzz (seed ${SEED}${FULL ? ', full' : ''}): inputs tried per target\n${lines.join('\n')}`);
});

// ---------------------------------------------------------------------------------------------------

const KNOWN_ERRORS = new Set<string>(Object.values(CSV_ERRORS));
const knownWarning = (w: string) =>
  w === CSV_WARNINGS.previousPriceInvalid ||
  w === CSV_WARNINGS.noImages ||
  w.startsWith('Imagen ignorada (no es una URL http/https): ') ||
  w.startsWith('URL ignorada (no es una URL http/https): ');
/** The database keeps only such addresses (import_products_batch): the preview must not promise others. */
const isHttp = (v: string) => /^https?:\/\/\S+$/i.test(v);

/** What every parse must give, whatever the bytes: a Spanish failure, or rows with Spanish errors only. */
function checkParse(bytes: Uint8Array) {
  const result = parseCsvFile(bytes);
  if (!result.ok) {
    expect(result.message).toBe(CSV_FILE_ERROR);
    return result;
  }
  result.rows.forEach((row, i) => {
    expect(row.row).toBe(i + 1);
    for (const e of row.errors) expect(KNOWN_ERRORS.has(e), e).toBe(true);
    for (const w of row.warnings) expect(knownWarning(w), w).toBe(true);
    expect(row.imagenes.every(isHttp)).toBe(true);
    expect(row.link_externo === null || isHttp(row.link_externo)).toBe(true);
  });
  for (const row of result.valid) {
    expect(row.nombre).not.toBe('');
    expect(row.categoria).not.toBe('');
    for (const amount of [row.costo_compra, row.precio_original, row.precio_venta]) {
      expect(Number.isFinite(amount) && (amount as number) > 0 && (amount as number) <= 9_999_999_999.99).toBe(true);
    }
  }
  expect(result.errorCount).toBe(result.rows.length - result.valid.length);
  return result;
}

describe('CSV files through the import parsing', () => {
  it('reads well-formed files in UTF-8, UTF-8 with BOM, Windows-1252 and both mixed exactly, hostile text kept as text', () => {
    const rng = createRng(SEED);
    for (let i = 0; i < COUNTS.csv / 4; i++) {
      const file = wellFormedCsv(rng);
      const isLatin1 = (t: string) => [...t].every((c) => c.charCodeAt(0) <= 0xff);
      const encoding = isLatin1(file.text)
        ? rng.pick(['utf8', 'bom', 'cp1252', 'mixed'] as const)
        : rng.pick(['utf8', 'bom', 'mixed'] as const);
      const utf8 = (t: string) => new TextEncoder().encode(t);
      // mixed: some rows as Excel writes them (Windows-1252), the others UTF-8
      const bytes =
        encoding === 'cp1252'
          ? windows1252(file.text)
          : encoding === 'mixed'
            ? new Uint8Array(
                file.lines.flatMap((line, n) => [
                  ...(n > 0 && isLatin1(line) && rng.chance(0.4) ? windows1252(line) : utf8(line)),
                  ...utf8(n < file.lines.length - 1 ? file.eol : ''),
                ]),
              )
            : utf8(`${encoding === 'bom' ? '\uFEFF' : ''}${file.text}`);
      const result = checkParse(bytes);
      count('csv parsing: well-formed files');
      expect(result.ok, `${encoding} ${JSON.stringify(file.text.slice(0, 300))}`).toBe(true);
      if (!result.ok) continue;
      expect(result.rows).toHaveLength(file.rows.length);
      file.rows.forEach(({ cells, expectValid }, r) => {
        const row = result.rows[r]!;
        const context = `${encoding} row ${r + 1}: ${JSON.stringify(cells)}`;
        expect(row.nombre, context).toBe(cells['nombre']!.trim());
        expect(row.categoria, context).toBe(cells['categoria']!.trim());
        expect(row.descripcion, context).toBe(cells['descripcion_html']!.trim());
        expect(row.errors.length === 0, context).toBe(expectValid);
        if (expectValid) expect(row.costo_compra, context).toBe(parseCsvPrice(cells['precio']!.trim()));
      });
    }
  });

  it('fails with the Spanish message for UTF-16, random bytes and unclosed quotes, and never throws on damaged files', () => {
    const rng = createRng(SEED + 1);
    for (let i = 0; i < COUNTS.csv / 4; i++) {
      const { text: csv } = wellFormedCsv(rng, 10);
      const utf16File = checkParse(utf16(csv, rng.chance(0.5)));
      expect(utf16File.ok).toBe(false);
      count('csv parsing: UTF-16 files');

      checkParse(randomBytes(rng, rng.int(0, 4096)));
      count('csv parsing: random bytes');

      checkParse(mangle(rng, new TextEncoder().encode(csv)));
      checkParse(mangle(rng, windows1252(Array.from(csv, (c) => (c.charCodeAt(0) <= 0xff ? c : '?')).join(''))));
      count('csv parsing: damaged files', 2);

      const lines = csv.split(/\r?\n/);
      const unclosed = [lines[0], `"${word(rng)} sin cerrar,100,Ropa`, ...lines.slice(1)].join('\n');
      // Refused; or, when a later field's quote happens to close it cleanly, the rows it swallowed
      // show as a row with errors, never as a clean import with rows silently missing.
      const open = checkParse(new TextEncoder().encode(unclosed));
      expect(!open.ok || open.rows.some((row) => row.errors.length > 0), unclosed.slice(0, 300)).toBe(true);
      count('csv parsing: unclosed quotes');
    }
  });

  it('reads files with thousands of columns and huge fields without failing the page', () => {
    const rng = createRng(SEED + 2);
    const files = FULL ? 40 : 6;
    for (let i = 0; i < files; i++) {
      const wide = checkParse(new TextEncoder().encode(wideCsv(rng, rng.int(1000, FULL ? 10_000 : 3000))));
      expect(wide.ok).toBe(true);
      const huge = checkParse(new TextEncoder().encode(hugeFieldCsv(rng, rng.int(100_000, FULL ? 5_000_000 : 1_000_000))));
      if (huge.ok) expect(huge.rows).toHaveLength(1);
      count('csv parsing: thousands of columns / huge fields', 2);
    }
  });
});

// ---------------------------------------------------------------------------------------------------

/**
 * One request to an Edge Function through the gateway, with node:http: a body over the gateway's
 * limit is answered (413) before it is all sent, and the answer is what is checked, not the write
 * that the closed connection interrupts.
 */
function callFunction(
  name: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array | null },
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolveCall, rejectCall) => {
    let answered = false;
    const body = init.body ?? undefined;
    const headers = { ...init.headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
    const req = request(`${stack.url}/functions/v1/${name}`, { method: init.method ?? 'POST', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          body = { raw };
        }
        resolveCall({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (error) => {
      if (!answered) rejectCall(error);
    });
    req.end(body);
  });
}

const asAdmin = (extra: Record<string, string> = {}) => ({
  apikey: stack.anonKey,
  authorization: `Bearer ${adminToken}`,
  'content-type': 'application/json',
  ...extra,
});

describe('CSV files through the Edge Function, as an admin', () => {
  it('imports every row the preview calls valid, and a retry duplicates nothing', async () => {
    const rng = createRng(SEED + 3);
    const products = async () => Number((await sql.query<{ n: string }>('select count(*) as n from public.products')).rows[0]!.n);
    for (let i = 0; i < COUNTS.importFiles; i++) {
      const generated = wellFormedCsv(rng, 12);
      const bytes = rng.chance(0.3) ? mangle(rng, new TextEncoder().encode(generated.text)) : new TextEncoder().encode(generated.text);
      const parsed = parseCsvFile(bytes);
      count('import function: generated files');
      if (!parsed.ok || parsed.valid.length === 0) continue; // the wizard sends nothing
      const hash = createHash('sha256').update(bytes).digest('hex');
      const batch = parsed.valid.map((row) => ({ ...toImportProduct(row, hash), fila: row.row }));
      const before = await products();
      const send = () =>
        callFunction('bulk-import-products-batch', {
          headers: asAdmin(),
          body: JSON.stringify({ products: batch, campaign_id: C_ACTIVE, brand_id: B_NIKE, batch_size: 50 }),
        });
      const first = await send();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const outcome = first.body as { success_count: number; error_count: number; errors: string[] };
      // every row the preview called valid is imported
      expect(outcome, JSON.stringify(batch).slice(0, 400)).toMatchObject({ success_count: batch.length, error_count: 0, errors: [] });
      expect(await products()).toBe(before + outcome.success_count);
      const retry = await send();
      expect(retry.status).toBe(200);
      expect(await products()).toBe(before + outcome.success_count);
    }
  });

  it('a batch holding any invalid product changes nothing and says why in Spanish', async () => {
    const rng = createRng(SEED + 4);
    const before = await databaseState();
    for (let i = 0; i < COUNTS.garbageBatches; i++) {
      const valid = {
        nombre: word(rng),
        costo_compra: 10,
        precio_original: 20,
        precio_venta: 15,
        imagenes: [],
        tallas: [],
        categoria: word(rng),
      };
      const broken = rng.pick([
        () => junkValue(rng),
        () => ({ ...valid, nombre: rng.pick(['', '   ', null]) }),
        () => ({ ...valid, costo_compra: rng.pick([-1, 0, 'gratis', 0.001, 1e15, [], {}, true, '1,5', null]) }),
        () => ({ ...valid, precio_venta: rng.pick([-1, 1e15, 'mucho', 'NaN', [], {}]) }),
        () => ({ ...valid, imagenes: rng.pick(['https://img.example/a.jpg', 5, { a: 1 }, [1], [['x']], [null]]) }),
        () => ({ ...valid, tallas: rng.pick(['M', [1, 2], [[['x']]], { a: 1 }]) }),
        () => ({ ...valid, categoria: rng.pick(['', null, 5]) }),
        () => ({ ...valid, link_externo: rng.pick(['javascript:alert(1)', 'ftp://x', 5]) }),
        () => ({ ...valid, import_key: 'k'.repeat(101) }),
        () => ({ ...valid, nombre: JSON.parse(deepJson(rng.int(100, 5000), 'object')) as unknown }),
        () => ({ ...valid, descripcion: JSON.parse(deepJson(rng.int(100, 5000), 'array')) as unknown }),
      ])();
      const batch = rng.shuffle([...Array.from({ length: rng.int(0, 5) }, () => ({ ...valid, nombre: word(rng) })), broken]);
      const res = await callFunction('bulk-import-products-batch', {
        headers: asAdmin(),
        body: JSON.stringify({ products: batch, campaign_id: C_ACTIVE, brand_id: B_NIKE }),
      });
      count('import function: batches with an invalid product');
      const context = JSON.stringify(batch).slice(0, 400);
      if (res.status === 200) {
        const outcome = res.body as { success_count: number; error_count: number; errors: string[] };
        expect(outcome.success_count, context).toBe(0);
        expect(outcome.error_count).toBe(batch.length);
        expect(outcome.errors.length).toBeGreaterThan(0);
        for (const e of outcome.errors) expect(spanishMessage(e), `${e} ← ${context}`).toBe(true);
      } else {
        expect(res.status, context).toBe(400);
        expect(spanishMessage(res.body['error']), `${String(res.body['error'])} ← ${context}`).toBe(true);
      }
    }
    expect(await databaseState()).toEqual(before);
    await gatewayAlive();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('shop URLs and filter values', () => {
  it('every query string reads as a valid filter state that survives a round trip through the URL', () => {
    const rng = createRng(SEED + 5);
    for (let i = 0; i < COUNTS.urls; i++) {
      const query = shopQuery(rng);
      const state = filtersFromQuery(query);
      count('shop URL parsing: query strings');
      expect(Number.isInteger(state.page) && state.page >= 1, query).toBe(true);
      expect([...(state.search_term ?? '')].length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
      expect(state.price_range === null || isPriceRangeId(state.price_range)).toBe(true);
      for (const value of Object.values(toRpcParams(state))) expect(value === null || (value.trim() === value && value !== '')).toBe(true);
      // what the island writes back reads as the same state
      expect(filtersFromQuery(filtersToQuery(state)), query).toEqual(state);
      expect(shopHref(state).startsWith('/tienda')).toBe(true);
    }
  });

  it('every path reads as a product, an invalid product link or not a product route', () => {
    const rng = createRng(SEED + 6);
    for (let i = 0; i < COUNTS.paths; i++) {
      const path = productPath(rng);
      const route = productRouteOf(path);
      count('shop URL parsing: product paths');
      if (route?.kind === 'product') expect(isValidPermalink(route.permalink), path).toBe(true);
      if (!path.startsWith('/producto')) expect(route).toBeNull();
    }
  });

  it("the shop's request for any URL succeeds, and shop_page answers garbage with a 4xx and a message, never a 5xx", async () => {
    const rng = createRng(SEED + 7);
    const anon = createShopClient(stack.url, stack.anonKey);
    const before = await databaseState();
    for (let i = 0; i < COUNTS.shopPage; i++) {
      const query = shopQuery(rng);
      const filters = filtersFromQuery(query);
      // what the shop island asks for this URL: the first pages at once, as useShopProducts does
      await expect(fetchShopPage(anon, filters, 0, 12 * Math.min(filters.page, 8)), query).resolves.toHaveProperty('total');
      count('shop_page: requests of random URLs');

      const args = Object.fromEntries(
        [
          'p_category_id',
          'p_subcategory_id',
          'p_brand_id',
          'p_campaign_id',
          'p_price_range',
          'p_size_name',
          'p_search_term',
          'p_offset',
          'p_limit',
        ]
          .filter(() => rng.chance(0.5))
          .map((key) => [key, junkValue(rng)]),
      );
      if (rng.chance(0.1)) args[word(rng)] = junkValue(rng);
      const post = await fetch(`${stack.url}/rest/v1/rpc/shop_page`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      const answer = (await post.json()) as { message?: string; total?: number };
      expect(post.status, JSON.stringify(args).slice(0, 300)).toBeLessThan(500);
      if (post.status >= 400) expect(answer.message).toBeTruthy();
      else expect(typeof answer.total).toBe('number');
      count('shop_page: garbage arguments');
    }
    expect(await databaseState()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------

async function forged(kind: 'other-secret' | 'expired' | 'none'): Promise<string> {
  const claims = { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', app_metadata: { role: 'owner' } };
  if (kind === 'none') {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
  }
  const secret = new TextEncoder().encode(kind === 'expired' ? stack.jwtSecret : 'another-secret-of-at-least-32-characters!');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(kind === 'expired' ? Math.floor(Date.now() / 1000) - 60 : '1h')
    .sign(secret);
}

/** A valid request-rebuild body (which would ask for a publication): never sent by the fuzzer. */
function validRebuildBody(body: string): boolean {
  if (!body.trim()) return true;
  try {
    const b = JSON.parse(body) as Record<string, unknown>;
    return (
      typeof b === 'object' &&
      b !== null &&
      !Array.isArray(b) &&
      (b['force'] === undefined || typeof b['force'] === 'boolean') &&
      (b['trigger'] === undefined || b['trigger'] === 'admin' || b['trigger'] === 'manual')
    );
  } catch {
    return false;
  }
}

function malformedBody(rng: Rng): { body: string | Uint8Array; contentType?: string } {
  const contentType = rng.pick([
    undefined,
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
  ]);
  const body = rng.pick([
    () => text(rng, 6),
    () => 'products=1&campaign_id=2',
    () => '{"products": [',
    () => JSON.stringify(junkValue(rng)),
    () => deepJson(rng.int(1000, 200_000), rng.pick(['array', 'object'] as const)),
    // written by hand: JSON.stringify itself overflows the stack at these depths
    () => `{"products":${deepJson(rng.int(1000, 200_000), 'array')},"campaign_id":"${C_ACTIVE}","brand_id":"${B_NIKE}"}`,
    () => `{"products":[${deepJson(rng.int(1000, 200_000), 'object')}],"campaign_id":"${C_ACTIVE}","brand_id":"${B_NIKE}"}`,
    () =>
      `{"products":[{"nombre":"a","tallas":${deepJson(rng.int(1000, 200_000), 'array')}}],"campaign_id":"${C_ACTIVE}","brand_id":"${B_NIKE}"}`,
    () => JSON.stringify({ products: Array.from({ length: rng.int(501, 3000) }, () => ({})), campaign_id: C_ACTIVE, brand_id: B_NIKE }),
    () => JSON.stringify({ products: [{ nombre: 'x'.repeat(3_000_000) }], campaign_id: C_ACTIVE, brand_id: B_NIKE }),
    () => JSON.stringify({ products: [], campaign_id: junkValue(rng), brand_id: junkValue(rng) }),
    () => JSON.stringify({ products: [{ nombre: 'a' }], campaign_id: C_ACTIVE, brand_id: B_NIKE, batch_size: junkValue(rng) }),
    () => JSON.stringify({ force: junkValue(rng), trigger: junkValue(rng) }),
    () => JSON.stringify({ force: 'true', trigger: 'admin' }),
    () => JSON.stringify({ trigger: rng.pick(['ADMIN', 'cron', '', null]) }),
    () => randomBytes(rng, rng.int(1, 2000)),
    () => `\uFEFF${JSON.stringify({ force: true })}`.replace('true', 'tru'),
  ])();
  return { body, ...(contentType ? { contentType } : {}) };
}

describe('malformed requests to every Edge Function', () => {
  it('each gets a 4xx (or per-row errors) with a Spanish message; the gateway keeps answering and the database is unchanged', async () => {
    const rng = createRng(SEED + 8);
    expect(FUNCTIONS).toEqual(expect.arrayContaining(['bulk-import-products-batch', 'request-rebuild']));
    const before = await databaseState();
    const auths = [
      () => ({}),
      () => ({ authorization: 'Bearer' }),
      () => ({ authorization: `Bearer ${word(rng, 10, 40)}` }),
      () => ({ authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` }),
      () => ({ authorization: `Bearer ${stack.anonKey}` }),
      () => ({ authorization: `Bearer ${userToken}` }),
      async () => ({ authorization: `Bearer ${await forged(rng.pick(['other-secret', 'expired', 'none'] as const))}` }),
      () => ({ authorization: `Bearer ${adminToken}` }),
      () => ({ authorization: `Bearer ${adminToken}` }),
      () => ({ authorization: `Bearer ${adminToken}` }),
    ];
    for (let i = 0; i < COUNTS.functionRequests; i++) {
      const name = FUNCTIONS[i % FUNCTIONS.length]!;
      const auth = await rng.pick(auths)();
      const method = rng.chance(0.9) ? 'POST' : rng.pick(['GET', 'PUT', 'DELETE', 'PATCH']);
      let { body, contentType } = malformedBody(rng);
      if (name === 'request-rebuild' && typeof body === 'string' && validRebuildBody(body)) body = `${body}}`;
      const headers: Record<string, string> = { apikey: stack.anonKey, ...auth, ...(contentType ? { 'content-type': contentType } : {}) };
      const context = `${name} ${method} ${headers['content-type'] ?? '(no content-type)'} ${(headers['authorization'] ?? '(no authorization)').slice(0, 30)} ${typeof body === 'string' ? `${body.slice(0, 120)} (${body.length} characters)` : '<bytes>'}`;
      const res = await callFunction(name, { method, headers, body: method === 'GET' ? null : body }).catch((error: Error) => {
        throw new Error(`${context}: ${error.message}`);
      });
      const message = res.body['error'] ?? res.body['message'];
      const answer = `${context} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      if (res.status === 200 && name === 'bulk-import-products-batch') {
        // a batch of the right shape whose products the database refuses: per-row errors, nothing saved
        const outcome = res.body as { success_count: number; errors: string[] };
        expect(outcome.success_count, answer).toBe(0);
        expect(outcome.errors.length > 0 && outcome.errors.every(spanishMessage), answer).toBe(true);
      } else {
        expect(res.status, answer).toBeGreaterThanOrEqual(400);
        expect(res.status, answer).toBeLessThan(500);
        expect(spanishMessage(message), answer).toBe(true);
      }
      count(`functions: malformed requests to ${name}`);
    }
    await gatewayAlive();
    expect(await databaseState()).toEqual(before);
  });
});
