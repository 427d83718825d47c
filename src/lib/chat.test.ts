import { describe, expect, it } from 'vitest';
import { SHOP, shopChat } from '../config/shop.ts';
import {
  chatLink,
  greetingLink,
  HELP_MESSAGE,
  helpChatLink,
  PROBLEM_MESSAGE,
  problemChatLink,
  productChatLink,
  productInterestMessage,
  productUrl,
  shareLinks,
} from './chat.ts';

const cfg = { chatHost: 'https://wa.me', sellerPhone: '5215512345678', name: 'Outlet Moda MX' };
const textOf = (link: string) => new URL(link).searchParams.get('text') ?? '';

describe('chatLink', () => {
  it('is {host}/{number}?text={encoded}', () => {
    expect(chatLink(cfg, 'Hola & adiós?')).toBe('https://wa.me/5215512345678?text=Hola%20%26%20adi%C3%B3s%3F');
  });
  it('tolerates a trailing slash on the host and a formatted number', () => {
    expect(chatLink({ ...cfg, chatHost: 'https://wa.me/', sellerPhone: '+52 1 55 1234 5678' }, 'x')).toBe(
      'https://wa.me/5215512345678?text=x',
    );
  });
});

describe('messages', () => {
  it('uses the spec help and problem messages word for word', () => {
    expect(HELP_MESSAGE).toBe('Necesito ayuda con mi compra. ¿Podrían asistirme?');
    expect(PROBLEM_MESSAGE).toBe('Tengo un problema con la página web. ¿Podrían ayudarme?');
    expect(new URL(helpChatLink(cfg)).searchParams.get('text')).toBe(HELP_MESSAGE);
    expect(new URL(problemChatLink(cfg)).searchParams.get('text')).toBe(PROBLEM_MESSAGE);
  });
  it('greets by shop name', () => {
    expect(new URL(greetingLink(cfg)).searchParams.get('text')).toBe('Hola Outlet Moda MX! Quiero información para estar a la moda.');
  });
  it('product interest: name line, blank line, link, brand and size', () => {
    const msg = productInterestMessage('Outlet Moda MX', {
      nombre: 'Tenis Air Max 90',
      marca: 'Nike',
      talla: '27',
      url: 'https://tienda.mx/producto/nike-tenis-air-max-90',
    });
    expect(msg).toBe(
      'Hola Outlet Moda MX! Me interesa este producto: Tenis Air Max 90\n\nhttps://tienda.mx/producto/nike-tenis-air-max-90\nMarca: Nike\nTalla: 27',
    );
  });
  it('omits brand and size when missing', () => {
    const msg = productInterestMessage('X', { nombre: 'Gorra', marca: ' ', talla: null, url: 'u' });
    expect(msg).toBe('Hola X! Me interesa este producto: Gorra\n\nu');
  });
  it('a recorded purchase adds its page and, with payments on, its payment link after its reference', () => {
    const page = 'https://tienda.mx/pedido/?t=3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
    const pay = 'https://abc.supabase.co/functions/v1/pay/3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
    const p = { nombre: 'Tenis Air Max 90', marca: 'Nike', talla: '27', url: 'https://tienda.mx/producto/nike-air', pedido: 'OM-7K3F2' };
    const head =
      'Hola Outlet Moda MX! Me interesa este producto: Tenis Air Max 90\n\nhttps://tienda.mx/producto/nike-air\nMarca: Nike\nTalla: 27\nPedido: OM-7K3F2';
    expect(productInterestMessage('Outlet Moda MX', { ...p, links: { page, pay: null } })).toBe(`${head}\n\nTu pedido: ${page}`);
    expect(textOf(productChatLink(cfg, { ...p, links: { page, pay } }))).toBe(`${head}\n\nTu pedido: ${page}\nPaga en línea: ${pay}`);
    expect(productInterestMessage('Outlet Moda MX', { ...p, links: null })).toBe(head);
  });
  it('survives encoding round trip with newlines and accents', () => {
    const link = productChatLink(cfg, { nombre: 'Suéter #1 & más', url: 'https://t.mx/producto/a?b=1' });
    expect(link.startsWith('https://wa.me/5215512345678?text=')).toBe(true);
    expect(link).not.toContain('\n');
    expect(textOf(link)).toContain('Me interesa este producto: Suéter #1 & más\n\nhttps://t.mx/producto/a?b=1');
  });
});

describe('shop config', () => {
  it('chats on the wa.me host, with the shop name and the number from the settings', () => {
    expect(SHOP.chatHost).toBe('https://wa.me');
    expect(SHOP.name.length).toBeGreaterThan(0);
    expect(greetingLink(shopChat('5215598765432'))).toMatch(/^https:\/\/wa\.me\/5215598765432\?text=Hola%20Outlet/);
  });
});

describe('productUrl and shareLinks', () => {
  it('builds the absolute product URL', () => {
    expect(productUrl('https://tienda.mx/', 'nike-air')).toBe('https://tienda.mx/producto/nike-air');
  });
  it('encodes text and link', () => {
    const s = shareLinks('https://t.mx/producto/a', 'Mira esto & más');
    expect(s.whatsapp).toBe('https://wa.me/?text=Mira%20esto%20%26%20m%C3%A1s%20https%3A%2F%2Ft.mx%2Fproducto%2Fa');
    expect(s.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ft.mx%2Fproducto%2Fa');
    expect(s.twitter).toBe('https://twitter.com/intent/tweet?text=Mira%20esto%20%26%20m%C3%A1s&url=https%3A%2F%2Ft.mx%2Fproducto%2Fa');
  });
});
