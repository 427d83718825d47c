/**
 * The contact form's way in, the contact-message Edge Function, against the local stack: a message
 * is stored for admins only, and the owner's webhook (a local server that records what it receives)
 * hears of it; the honeypot, every field's limits, a flood from one address, one contact or the whole
 * internet are refused with a Spanish message and store nothing; admins mark messages read or
 * archived and cannot rewrite them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, anonClient, serviceClient, sql, stack, userClient } from './helpers.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

let standIn: Server;
let hooks: unknown[] = [];
let hookStatus = 204;
let gateway: TestGateway | null = null;

const MESSAGE = {
  name: '  Ana López ',
  email: 'Ana@Example.com',
  phone: '+52 (55) 1234-5678',
  subject: 'Tallas',
  message: '¿Tienen los jeans en talla 28?',
  page: '/producto/levis-jeans-mom',
};

/** The function is the service role's alone, so the API's generated types (what the public may call) leave it out. */
const untyped = (client: unknown) => client as SupabaseClient;

/** The shop's call: the public key as bearer, a JSON body (a string is sent as it is). */
async function send(body: unknown): Promise<{ status: number; error?: string }> {
  const res = await fetch(`${gateway!.url}/functions/v1/contact-message`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: string };
  return { status: res.status, ...(json.error ? { error: json.error } : {}) };
}

async function stored() {
  const { rows } = await sql.query(
    'select name, email, phone, subject, message, page, read_at, archived_at from public.contact_messages order by id',
  );
  return rows;
}

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      hooks.push(JSON.parse(text));
      res.writeHead(hookStatus).end();
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({
    functionSecrets: { 'contact-message': { CONTACT_WEBHOOK_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/hook` } },
  });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
  await sql.query('truncate public.contact_messages');
});

beforeEach(async () => {
  hooks = [];
  hookStatus = 204;
  await sql.query('truncate public.contact_messages');
});

describe('sending a message', () => {
  it('stores it, tidied, for admins only, and calls the owner’s webhook', async () => {
    expect(await send(MESSAGE)).toEqual({ status: 201 });
    expect(await stored()).toEqual([
      {
        name: 'Ana López',
        email: 'ana@example.com',
        phone: '525512345678',
        subject: 'Tallas',
        message: '¿Tienen los jeans en talla 28?',
        page: '/producto/levis-jeans-mom',
        read_at: null,
        archived_at: null,
      },
    ]);
    expect(hooks).toEqual([
      expect.objectContaining({
        text: 'Nuevo mensaje de Ana López · ana@example.com · 525512345678. Tallas: ¿Tienen los jeans en talla 28?',
        name: 'Ana López',
        phone: '525512345678',
        page: '/producto/levis-jeans-mom',
      }),
    ]);
    for (const client of [anonClient(), await userClient()]) {
      const { data } = await client.from('contact_messages').select('*');
      expect(data ?? []).toEqual([]);
    }
    const { data } = await (await adminClient()).from('contact_messages').select('name');
    expect(data).toEqual([{ name: 'Ana López' }]);
  });

  it('keeps the message when the webhook fails', async () => {
    hookStatus = 500;
    expect(await send({ name: 'Luis', phone: '5512345678', message: 'Hola' })).toEqual({ status: 201 });
    expect(hooks).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });

  it('a filled honeypot looks sent, stores nothing and tells nobody', async () => {
    expect(await send({ ...MESSAGE, website: 'https://spam.example' })).toEqual({ status: 201 });
    expect(await stored()).toEqual([]);
    expect(hooks).toEqual([]);
  });

  it.each([
    ['no name', { ...MESSAGE, name: ' ' }, 400, 'Escribe tu nombre.'],
    ['no way to answer', { name: 'Ana', message: 'Hola' }, 400, 'Escribe un correo electrónico o un teléfono para poder responderte.'],
    [
      'a malformed email',
      { ...MESSAGE, email: 'ana@', phone: '' },
      400,
      'Escribe un correo electrónico válido (p. ej. nombre@correo.com).',
    ],
    ['a short phone', { ...MESSAGE, email: '', phone: '55 1234' }, 400, 'Escribe un teléfono de 10 dígitos, o con código de país.'],
    ['no text', { ...MESSAGE, message: '  ' }, 400, 'Escribe tu mensaje.'],
    ['a 151-character subject', { ...MESSAGE, subject: 'a'.repeat(151) }, 400, 'El asunto puede tener hasta 150 caracteres.'],
    ['a 5,001-character text', { ...MESSAGE, message: 'a'.repeat(5001) }, 400, 'El mensaje puede tener hasta 5,000 caracteres.'],
    [
      'a body over 16 KB',
      { ...MESSAGE, message: 'a'.repeat(17_000) },
      413,
      'Tu mensaje es demasiado largo: escribe hasta 5,000 caracteres.',
    ],
    ['a field that is not text', { ...MESSAGE, name: ['Ana'] }, 400, 'No se pudo leer el mensaje. Recarga la página e inténtalo de nuevo.'],
    ['a body that is not JSON', 'nombre=Ana', 400, 'No se pudo leer el mensaje. Recarga la página e inténtalo de nuevo.'],
  ])('refuses %s with its message and stores nothing', async (_label, body, status, error) => {
    expect(await send(body)).toEqual({ status, error });
    expect(await stored()).toEqual([]);
    expect(hooks).toEqual([]);
  });

  it.each([
    'https://otro.example/',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/producto//evil.example',
    'javascript:alert(1)',
    '/a b',
  ])('a page that is not a path of the shop (%s) is left out, the message kept', async (page) => {
    expect(await send({ ...MESSAGE, page })).toEqual({ status: 201 });
    expect((await stored())[0].page).toBeNull();
  });

  it('a path of the shop is kept, and no other can be stored by any means', async () => {
    expect(await send({ ...MESSAGE, page: '/producto/tenis-runner?talla=27' })).toEqual({ status: 201 });
    expect((await stored())[0].page).toBe('/producto/tenis-runner?talla=27');
    await expect(sql.query(`update public.contact_messages set page = '//evil.example/phish'`)).rejects.toThrow(
      /contact_messages_page_check/,
    );
  });
});

describe('abuse limits', () => {
  const FLOOD = 'Ya recibimos tus mensajes. Espera unos minutos antes de enviar otro, o escríbenos por WhatsApp.';

  it('one address sends 3 messages in 10 minutes; the 4th is refused', async () => {
    for (let i = 0; i < 3; i++) expect((await send({ ...MESSAGE, email: `ana${i}@example.com`, phone: '' })).status).toBe(201);
    expect(await send({ ...MESSAGE, email: 'otra@example.com', phone: '' })).toEqual({ status: 429, error: FLOOD });
    expect(await stored()).toHaveLength(3);
  });

  /** As the function calls it, from an address of our choosing. */
  const receive = (client: string, email: string) =>
    untyped(serviceClient()).rpc('receive_contact_message', {
      p_name: 'Ana',
      p_email: email,
      p_phone: '',
      p_subject: '',
      p_message: 'Hola',
      p_page: '',
      p_client: client,
    });

  it('one email sends 5 messages a day from any network; one network 10 a day', async () => {
    for (let i = 0; i < 5; i++) expect((await receive(`10.${i}.0.1`, 'ana@example.com')).error).toBeNull();
    expect((await receive('10.9.0.1', 'ana@example.com')).error?.message).toBe(FLOOD);

    await sql.query('truncate public.contact_messages');
    // Spread over the day (each one two hours back once sent), so only the daily limit applies.
    for (let i = 0; i < 10; i++) {
      expect((await receive('10.0.1.1', `otra${i}@example.com`)).error).toBeNull();
      await sql.query(`update public.contact_messages set created_at = created_at - interval '2 hours'`);
    }
    expect((await receive('10.0.1.1', 'otra10@example.com')).error?.message).toBe(FLOOD);
    // another address of the same network (/24) shares its limit; another network does not
    expect((await receive('10.0.1.2', 'otra10@example.com')).error?.message).toBe(FLOOD);
    expect((await receive('10.0.2.1', 'otra10@example.com')).error).toBeNull();
  });

  it('a flood from one network (60 addresses of a /24, or of an IPv6 /64) never closes the inbox to other shoppers', async () => {
    const outcomes: (string | null)[] = [];
    for (let i = 1; i <= 60; i++) outcomes.push((await receive(`203.0.113.${i}`, `bot${i}@example.com`)).error?.message ?? null);
    for (let i = 1; i <= 60; i++)
      outcomes.push((await receive(`2001:db8:7:7::${i.toString(16)}`, `bot6-${i}@example.com`)).error?.message ?? null);
    // each network has its 3 in 10 minutes; the shop-wide 100 an hour is never reached
    expect(outcomes.filter((o) => o === null)).toHaveLength(6);
    expect(outcomes.filter((o) => o === FLOOD)).toHaveLength(114);
    expect(await stored()).toHaveLength(6);
    // a shopper of another network is served
    expect((await receive('198.51.100.20', 'ana@example.com')).error).toBeNull();
  });

  it('the whole shop takes 100 messages an hour', async () => {
    await sql.query(
      `insert into public.contact_messages (name, email, message, sender)
       select 'Bot', 'bot' || g || '@example.com', 'Hola', md5(g::text) from generate_series(1, 100) g`,
    );
    expect((await receive('10.9.9.9', 'ana@example.com')).error?.message).toBe(
      'Estamos recibiendo demasiados mensajes. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.',
    );
    await sql.query(`update public.contact_messages set created_at = now() - interval '61 minutes'`);
    expect((await receive('10.9.9.9', 'ana@example.com')).error).toBeNull();
  });

  it('nobody but the service role calls the database function', async () => {
    for (const client of [anonClient(), await userClient(), await adminClient()]) {
      const { error } = await untyped(client).rpc('receive_contact_message', {
        p_name: 'Ana',
        p_email: 'ana@example.com',
        p_phone: '',
        p_subject: '',
        p_message: 'Hola',
        p_page: '',
        p_client: '1.2.3.4',
      });
      expect(error).not.toBeNull();
    }
    expect(await stored()).toEqual([]);
  });
});

describe('the inbox', () => {
  it('an admin marks a message read and archives it, and cannot rewrite it; others change nothing', async () => {
    await send(MESSAGE);
    const admin = await adminClient();
    const { data: rows } = await admin.from('contact_messages').select('id');
    const id = rows![0]!.id;
    const at = new Date().toISOString();
    expect((await admin.from('contact_messages').update({ read_at: at, archived_at: at }).eq('id', id)).error).toBeNull();
    expect((await stored())[0]).toMatchObject({ read_at: expect.any(Date), archived_at: expect.any(Date) });

    const rewrite = await admin
      .from('contact_messages')
      .update({ message: 'Otro texto' } as never)
      .eq('id', id);
    expect(rewrite.error).not.toBeNull();
    for (const client of [anonClient(), await userClient()]) {
      await client.from('contact_messages').update({ read_at: null }).eq('id', id);
      await client.from('contact_messages').delete().eq('id', id);
      expect(await client.from('contact_messages').insert({ name: 'x', email: 'x@y.mx', message: 'x' })).toHaveProperty('error.code');
    }
    expect((await stored())[0]).toMatchObject({ message: MESSAGE.message, read_at: expect.any(Date) });

    expect((await admin.from('contact_messages').delete().eq('id', id)).error).toBeNull();
    expect(await stored()).toEqual([]);
  });
});
