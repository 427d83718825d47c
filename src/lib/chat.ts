/** Click-to-chat links ({host}/{number}?text=...) with the spec's messages, and share links. */
import { type OrderLinks, orderLinkLines } from './payment-link.ts';

export interface ChatConfig {
  chatHost: string;
  sellerPhone: string;
  name: string;
}

export const HELP_MESSAGE = 'Necesito ayuda con mi compra. ¿Podrían asistirme?';
export const PROBLEM_MESSAGE = 'Tengo un problema con la página web. ¿Podrían ayudarme?';

/** '{host}/{number}?text={encoded message}'. */
export function chatLink(config: ChatConfig, message: string): string {
  const host = config.chatHost.replace(/\/+$/, '');
  const phone = config.sellerPhone.replace(/\D/g, '');
  return `${host}/${phone}?text=${encodeURIComponent(message)}`;
}

/** The default greeting: asks for information on staying on trend. */
export function greetingMessage(shopName: string): string {
  return `Hola ${shopName}! Quiero información para estar a la moda.`;
}

export interface ProductChatInfo {
  nombre: string;
  marca?: string | null;
  talla?: string | null;
  url: string;
  /** The order's reference once recorded (OM-7K3F2). */
  pedido?: string | null;
  /** The recorded order's page and, while the shop takes payments online, its payment link. */
  links?: OrderLinks | null;
}

/**
 * 'Hola {shop}! Me interesa este producto: {name}', a blank line, the link, then brand and size when
 * known, and the order's reference once recorded ('Pedido: OM-7K3F2'); then, after a blank line, the
 * order's page ('Tu pedido: …') and, while the shop takes payments online, its payment link ('Paga en
 * línea: …'). The product's link stays the first one: the chat previews the first link only.
 */
export function productInterestMessage(shopName: string, p: ProductChatInfo): string {
  const lines = [`Hola ${shopName}! Me interesa este producto: ${p.nombre}`, '', p.url];
  if (p.marca?.trim()) lines.push(`Marca: ${p.marca.trim()}`);
  if (p.talla?.trim()) lines.push(`Talla: ${p.talla.trim()}`);
  if (p.pedido) lines.push(`Pedido: ${p.pedido}`);
  const links = orderLinkLines(p.links);
  if (links.length > 0) lines.push('', ...links);
  return lines.join('\n');
}

export const greetingLink = (c: ChatConfig) => chatLink(c, greetingMessage(c.name));
export const productChatLink = (c: ChatConfig, p: ProductChatInfo) => chatLink(c, productInterestMessage(c.name, p));
export const helpChatLink = (c: ChatConfig) => chatLink(c, HELP_MESSAGE);
export const problemChatLink = (c: ChatConfig) => chatLink(c, PROBLEM_MESSAGE);

/** Absolute product page URL: {site}/producto/{permalink}. */
export function productUrl(site: string, permalink: string): string {
  return `${site.replace(/\/+$/, '')}/producto/${encodeURIComponent(permalink)}`;
}

/** Sharing URLs for WhatsApp, Facebook and Twitter with the text and link encoded. */
export function shareLinks(url: string, text: string): { whatsapp: string; facebook: string; twitter: string } {
  const u = encodeURIComponent(url);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`,
  };
}
