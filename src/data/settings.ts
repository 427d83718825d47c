/**
 * The shop settings (the one shop_settings row), read when the pages are built: the seller's chat
 * number, contact email, opening hours, social profiles, chat-group invite and the shop's policies.
 * A failed read or a missing row throws, so a build never publishes pages without a way to reach
 * the seller or with policies it did not read.
 */
import { type ShopPolicies, toShopPolicies } from '../lib/policies.ts';
import { toOpeningHours, type OpeningHours, type SocialProfiles } from '../lib/shop-settings.ts';
import type { ShopClient } from './supabase.ts';

export interface ShopSettings {
  /** International digits, country code first (5215512345678). */
  sellerPhone: string;
  contactEmail: string;
  openingHours: OpeningHours[];
  social: SocialProfiles;
  /** The chat group's invite link; null when the shop has none. */
  chatGroupUrl: string | null;
  policies: ShopPolicies;
}

export async function getShopSettings(db: ShopClient): Promise<ShopSettings> {
  const { data, error } = await db
    .from('shop_settings')
    .select(
      `seller_phone, contact_email, opening_hours, instagram_url, facebook_url, tiktok_url, chat_group_url,
       free_shipping_min, shipping_cost, delivery_zones, return_days, free_returns, return_conditions, refund_days,
       revocation_days, cancellation_terms, payment_methods, installments_min, installment_months, seller_legal_name,
       seller_rfc, seller_address, privacy_controller`,
    )
    .eq('id', 1)
    .maybeSingle();
  if (error) throw new Error(`No se pudo cargar la configuración de la tienda: ${error.message}`);
  if (!data) throw new Error('Falta la configuración de la tienda (tabla shop_settings vacía).');
  return {
    sellerPhone: data.seller_phone,
    contactEmail: data.contact_email,
    openingHours: toOpeningHours(data.opening_hours),
    social: { instagram: data.instagram_url, facebook: data.facebook_url, tiktok: data.tiktok_url },
    chatGroupUrl: data.chat_group_url,
    policies: toShopPolicies(data),
  };
}
