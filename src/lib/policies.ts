/**
 * The shop's policies (shipping, delivery, returns, refunds, revocation, cancellation, payment and the
 * seller's legal identity) and every sentence the pages say about them. The values are data (the
 * shop_settings row, edited in Configuración → Políticas); the sentences live only here, so the home,
 * the product pages, the FAQ, "Cómo comprar", the terms, the privacy notice, the footer and the help
 * widget state the same figures. The database enforces the same limits (supabase/schemas/02_catalogue.sql).
 */

/** LFPC art. 56: a buyer may revoke a distance purchase within 5 business days of delivery. */
export const LEGAL_REVOCATION_DAYS = 5;
export const MAX_DELIVERY_ZONES = 6;
export const MAX_PAYMENT_METHODS = 8;
export const INSTALLMENT_MONTH_CHOICES = [3, 6, 9, 12, 18, 24] as const;

export interface DeliveryZone {
  zone: string;
  /** Business days from the confirmed payment, 1 <= minDays <= maxDays <= 60. */
  minDays: number;
  maxDays: number;
}

export interface SellerIdentity {
  legalName: string | null;
  rfc: string | null;
  address: string | null;
}

export interface ShopPolicies {
  /** Whole pesos from which shipping is free; null when it never is. */
  freeShippingMin: number | null;
  /** What shipping costs below that amount, in whole pesos. */
  shippingCost: number;
  deliveryZones: DeliveryZone[];
  /** Calendar days after delivery to ask for a return. */
  returnDays: number;
  /** True when the shop pays the return shipping. */
  freeReturns: boolean;
  returnConditions: string;
  /** Business days to refund once the returned product arrives. */
  refundDays: number;
  /** Business days after delivery to revoke the purchase (at least LEGAL_REVOCATION_DAYS). */
  revocationDays: number;
  cancellationTerms: string;
  paymentMethods: string[];
  /** Interest-free months from a purchase amount; null when none are offered. */
  installments: { minPurchase: number; months: number[] } | null;
  seller: SellerIdentity;
  /** Who controls shoppers' personal data; the seller's legal name when not set. */
  privacyController: string | null;
}

/** The shop_settings columns the policies are read from, as the data layer selects them. */
export interface PolicyColumns {
  free_shipping_min: number | null;
  shipping_cost: number;
  delivery_zones: unknown;
  return_days: number;
  free_returns: boolean;
  return_conditions: string;
  refund_days: number;
  revocation_days: number;
  cancellation_terms: string;
  payment_methods: string[];
  installments_min: number | null;
  installment_months: number[];
  seller_legal_name: string | null;
  seller_rfc: string | null;
  seller_address: string | null;
  privacy_controller: string | null;
}

export const POLICY_COLUMNS = [
  'free_shipping_min',
  'shipping_cost',
  'delivery_zones',
  'return_days',
  'free_returns',
  'return_conditions',
  'refund_days',
  'revocation_days',
  'cancellation_terms',
  'payment_methods',
  'installments_min',
  'installment_months',
  'seller_legal_name',
  'seller_rfc',
  'seller_address',
  'privacy_controller',
] as const satisfies readonly (keyof PolicyColumns)[];

const RFC = /^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/;

/** A Mexican RFC: 3 (company) or 4 (person) letters, the date as yymmdd and a 3-character key. */
export function isRfc(value: unknown): value is string {
  return typeof value === 'string' && RFC.test(value);
}

const wholeDays = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** One delivery zone as the database accepts it: named (1 to 80 characters), 1 <= min <= max <= 60 days. */
export function isDeliveryZone(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { zone, min_days, max_days } = value as Record<string, unknown>;
  return (
    typeof zone === 'string' &&
    zone.trim() !== '' &&
    zone.length <= 80 &&
    wholeDays(min_days) &&
    wholeDays(max_days) &&
    min_days >= 1 &&
    min_days <= max_days &&
    max_days <= 60
  );
}

/** The stored zones (JSON) as the pages use them; malformed lines are left out. */
export function toDeliveryZones(value: unknown): DeliveryZone[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isDeliveryZone)
    .slice(0, MAX_DELIVERY_ZONES)
    .map((z: { zone: string; min_days: number; max_days: number }) => ({ zone: z.zone, minDays: z.min_days, maxDays: z.max_days }));
}

const filled = (v: string | null): string | null => (v?.trim() ? v.trim() : null);

export function toShopPolicies(row: PolicyColumns): ShopPolicies {
  return {
    freeShippingMin: row.free_shipping_min,
    shippingCost: row.shipping_cost,
    deliveryZones: toDeliveryZones(row.delivery_zones),
    returnDays: row.return_days,
    freeReturns: row.free_returns,
    returnConditions: row.return_conditions.trim(),
    refundDays: row.refund_days,
    revocationDays: row.revocation_days,
    cancellationTerms: row.cancellation_terms.trim(),
    paymentMethods: row.payment_methods.map((m) => m.trim()).filter(Boolean),
    installments:
      row.installments_min === null || row.installment_months.length === 0
        ? null
        : { minPurchase: row.installments_min, months: [...row.installment_months].sort((a, b) => a - b) },
    seller: { legalName: filled(row.seller_legal_name), rfc: filled(row.seller_rfc), address: filled(row.seller_address) },
    privacyController: filled(row.privacy_controller),
  };
}

/** The seller details the law asks for that are still empty, named as the back office labels them. */
export function missingSellerDetails(p: Pick<ShopPolicies, 'seller'>): string[] {
  const missing: string[] = [];
  if (!p.seller.legalName) missing.push('Razón social del vendedor');
  if (!p.seller.rfc) missing.push('RFC');
  if (!p.seller.address) missing.push('Domicilio');
  return missing;
}

// ─── Sentences ──────────────────────────────────────────────────────────────────────────────────

const pesosFormat = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0 });

/** '$1,500' for 1500: policy amounts are whole pesos. */
export function pesos(amount: number): string {
  return pesosFormat.format(amount);
}

/** 'a, b y c'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

/** '3 a 7 días hábiles', or '3 días hábiles' when both ends are equal. */
export function daysRange(min: number, max: number): string {
  const unit = max === 1 ? 'día hábil' : 'días hábiles';
  return min === max ? `${max} ${unit}` : `${min} a ${max} ${unit}`;
}

/** The fastest and slowest delivery over every zone, in business days. */
export function deliveryRange(p: Pick<ShopPolicies, 'deliveryZones'>): { min: number; max: number } | null {
  if (p.deliveryZones.length === 0) return null;
  return {
    min: Math.min(...p.deliveryZones.map((z) => z.minDays)),
    max: Math.max(...p.deliveryZones.map((z) => z.maxDays)),
  };
}

/** 'Ciudad de México y área metropolitana: de 3 a 7 días hábiles', one line per zone. */
export function deliveryLines(p: Pick<ShopPolicies, 'deliveryZones'>): string[] {
  return p.deliveryZones.map((z) => `${z.zone}: ${z.minDays === z.maxDays ? '' : 'de '}${daysRange(z.minDays, z.maxDays)}`);
}

/** 'Envío gratis en compras desde $1,500.' or what shipping always costs. */
export function freeShippingSentence(p: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>): string {
  if (p.freeShippingMin === null) return `El envío cuesta ${pesos(p.shippingCost)} por pedido.`;
  return `Envío gratis en compras desde ${pesos(p.freeShippingMin)}.`;
}

/** What shipping costs below the free-shipping amount. */
export function shippingCostSentence(p: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>): string {
  if (p.freeShippingMin === null) return freeShippingSentence(p);
  if (p.shippingCost === 0) return 'El envío es gratis en todas las compras.';
  return `En compras menores, el envío cuesta ${pesos(p.shippingCost)} por pedido.`;
}

/** What shipping costs for a purchase of this amount (the product page's structured data). */
export function shippingCostFor(p: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>, amount: number): number {
  return p.freeShippingMin !== null && amount >= p.freeShippingMin ? 0 : p.shippingCost;
}

/** 'Envío gratis desde $1,500', or 'Envío $149' when shipping is never free. */
export function shippingShort(p: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>): string {
  return p.freeShippingMin === null ? `Envío ${pesos(p.shippingCost)}` : `Envío gratis desde ${pesos(p.freeShippingMin)}`;
}

/** A short line for the footer and the help widget: free shipping and the returns window. */
export function policySummary(p: ShopPolicies): string {
  return `${shippingShort(p)} · Devoluciones hasta ${p.returnDays} días naturales después de la entrega`;
}

export function deliverySentence(p: Pick<ShopPolicies, 'deliveryZones'>): string {
  const range = deliveryRange(p);
  if (!range) return 'Te confirmamos el tiempo de entrega por WhatsApp antes de pagar.';
  return `Tu pedido llega en ${daysRange(range.min, range.max)} a partir de la confirmación del pago, según tu zona.`;
}

export function returnsSentence(p: Pick<ShopPolicies, 'returnDays' | 'freeReturns'>): string {
  const fee = p.freeReturns ? ' El envío de la devolución corre por nuestra cuenta.' : ' El envío de la devolución corre por tu cuenta.';
  return `Tienes ${p.returnDays} días naturales a partir de la entrega para solicitar una devolución.${fee}`;
}

export function revocationSentence(p: Pick<ShopPolicies, 'revocationDays'>): string {
  return `Puedes revocar tu compra sin responsabilidad alguna dentro de los ${p.revocationDays} días hábiles siguientes a la entrega (artículo 56 de la Ley Federal de Protección al Consumidor).`;
}

export function refundSentence(p: Pick<ShopPolicies, 'refundDays'>): string {
  return `Reembolsamos el total pagado, por el mismo medio de pago, en un máximo de ${daysRange(p.refundDays, p.refundDays)} después de recibir el producto.`;
}

export function paymentSentence(p: Pick<ShopPolicies, 'paymentMethods'>): string {
  return `Formas de pago: ${listText(p.paymentMethods)}.`;
}

/** Interest-free months, or null when none are offered. */
export function installmentsSentence(p: Pick<ShopPolicies, 'installments'>): string | null {
  if (!p.installments) return null;
  const months = listText(p.installments.months.map(String));
  return `En compras desde ${pesos(p.installments.minPurchase)} puedes pagar a ${months} meses sin intereses con tarjetas participantes.`;
}

/** 'Outlet Moda MX es operada por {razón social}, RFC {rfc}, con domicilio en {domicilio}.', from what is set. */
export function sellerSentence(p: Pick<ShopPolicies, 'seller'>, shopName: string): string | null {
  const { legalName, rfc, address } = p.seller;
  if (!legalName && !rfc && !address) return null;
  const parts = [legalName ? `${shopName} es operada por ${legalName}` : shopName];
  if (rfc) parts.push(`RFC ${rfc}`);
  if (address) parts.push(`con domicilio en ${address}`);
  return `${parts.join(', ')}.`;
}

/** Who controls shoppers' data: the privacy controller, else the seller's legal name, else the shop. */
export function privacyControllerName(p: Pick<ShopPolicies, 'privacyController' | 'seller'>, shopName: string): string {
  return p.privacyController ?? p.seller.legalName ?? shopName;
}
