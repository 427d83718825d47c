import { describe, expect, it } from 'vitest';
import { isPageToken, orderLinkLines, orderLinks, orderPagePath, orderPageUrl, payLink, payStatusUrl } from './payment-link.ts';

const TOKEN = '3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';

describe('page tokens', () => {
  it('only a uuid is a token', () => {
    expect(isPageToken(TOKEN)).toBe(true);
    expect(isPageToken(TOKEN.toUpperCase())).toBe(true);
    for (const v of ['', 'OM-7K3F2', `${TOKEN}x`, `../${TOKEN}`, null, undefined, 42]) expect(isPageToken(v)).toBe(false);
  });
});

describe('the addresses a token opens', () => {
  it('the payment link is the pay function of the Supabase project', () => {
    expect(payLink('https://abc.supabase.co', TOKEN)).toBe(`https://abc.supabase.co/functions/v1/pay/${TOKEN}`);
    expect(payLink('http://127.0.0.1:54321/', TOKEN)).toBe(`http://127.0.0.1:54321/functions/v1/pay/${TOKEN}`);
    expect(payStatusUrl('https://abc.supabase.co//')).toBe('https://abc.supabase.co/functions/v1/pay/status');
  });
  it("the order's page is /pedido/?t=<token> on the shop", () => {
    expect(orderPageUrl('https://outlet.mx/', TOKEN)).toBe(`https://outlet.mx/pedido/?t=${TOKEN}`);
    expect(orderPageUrl('https://outlet.mx', TOKEN)).toBe(`https://outlet.mx/pedido/?t=${TOKEN}`);
    expect(orderPagePath(TOKEN)).toBe(`/pedido/?t=${TOKEN}`);
  });
});

describe("an order's links in its message", () => {
  const opts = { site: 'https://outlet.mx/', supabaseUrl: 'https://abc.supabase.co' };

  it('the page always, the payment link only while payments are on', () => {
    expect(orderLinks(TOKEN, { ...opts, payments: true })).toEqual({
      page: `https://outlet.mx/pedido/?t=${TOKEN}`,
      pay: `https://abc.supabase.co/functions/v1/pay/${TOKEN}`,
    });
    expect(orderLinks(TOKEN, { ...opts, payments: false })).toEqual({ page: `https://outlet.mx/pedido/?t=${TOKEN}`, pay: null });
  });
  it('without a token (or with anything else) there are no links', () => {
    expect(orderLinks(null, { ...opts, payments: true })).toBeNull();
    expect(orderLinks('OM-7K3F2', { ...opts, payments: true })).toBeNull();
  });
  it("reads 'Tu pedido: …' then 'Paga en línea: …'", () => {
    expect(orderLinkLines({ page: 'https://outlet.mx/pedido/?t=x', pay: 'https://abc.supabase.co/functions/v1/pay/x' })).toEqual([
      'Tu pedido: https://outlet.mx/pedido/?t=x',
      'Paga en línea: https://abc.supabase.co/functions/v1/pay/x',
    ]);
    expect(orderLinkLines({ page: 'https://outlet.mx/pedido/?t=x', pay: null })).toEqual(['Tu pedido: https://outlet.mx/pedido/?t=x']);
    expect(orderLinkLines(null)).toEqual([]);
  });
});
