/**
 * The shop's identity in code: name, description, chat host and theme colour. Its contact points
 * (the seller's chat number, email, hours, social links) are data: the shop_settings row, set in
 * the back office (Configuración → General) and read at build time by src/data/settings.ts.
 */
import type { ChatConfig } from '../lib/chat.ts';

export const SHOP = {
  name: 'Outlet Moda MX',
  description: 'Outlet de moda en México: ropa, calzado y accesorios originales con descuento, por tiempo limitado.',
  /** Chat app host for click-to-chat links. */
  chatHost: 'https://wa.me',
  /** Browser theme colour (lime green). */
  themeColor: '#84cc16',
} as const;

/** Click-to-chat settings for the seller's number (from the shop settings). */
export function shopChat(sellerPhone: string): ChatConfig {
  return { chatHost: SHOP.chatHost, sellerPhone, name: SHOP.name };
}
