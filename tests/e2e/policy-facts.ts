/**
 * What a page says about the shop's policies, read from its text the way a shopper reads it: every
 * free-shipping amount, shipping cost, interest-free offer, returns window, revocation term, refund
 * term and delivery range it states. `policyFindings` lists each statement that disagrees with the
 * policies saved in the database, and each stale figure of the old hand-written texts (hours to
 * report a problem, "no se pueden cancelar", "no admiten devolución").
 */
import type { Page } from '@playwright/test';
import { daysRange, deliveryRange, pesos, type ShopPolicies } from '../../src/lib/policies.ts';

export interface PolicyFact {
  kind: 'free-shipping' | 'shipping-cost' | 'installments' | 'return-days' | 'revocation-days' | 'refund-days' | 'delivery';
  value: string;
}

// An amount as the pages write it: '$1,500'.
const AMOUNT = String.raw`(\$\d{1,3}(?:,\d{3})*)`;

const RULES: [PolicyFact['kind'], RegExp, (m: RegExpMatchArray) => string][] = [
  ['free-shipping', new RegExp(`gratis (?:en compras )?(?:desde|mayores a) ${AMOUNT}`, 'gi'), (m) => m[1]!],
  ['shipping-cost', new RegExp(`env[ií]o cuesta ${AMOUNT}`, 'gi'), (m) => m[1]!],
  ['installments', new RegExp(`${AMOUNT}(?: MXN)? puedes pagar a ([\\d, y]+) meses sin intereses`, 'gi'), (m) => `${m[1]} ${m[2]!.trim()}`],
  ['return-days', /(\d+) días(?: naturales)? (?:a partir|después) de la entrega/gi, (m) => m[1]!],
  ['revocation-days', /revocar[^.]*? (\d+) días hábiles/gi, (m) => m[1]!],
  ['refund-days', /reembols[^.]*? (\d+) días? hábil/gi, (m) => m[1]!],
  ['delivery', /(?:llega en|tarda de|tarda|entrega en|: de|:) (\d+ a \d+|\d+) días? hábil/gi, (m) => m[1]!],
];

/** Every policy statement of the text, in order. */
export function policyFacts(text: string): PolicyFact[] {
  return RULES.flatMap(([kind, pattern, value]) => [...text.matchAll(pattern)].map((m) => ({ kind, value: value(m) })));
}

/** The values each kind of statement may have under these policies. */
export function allowedValues(p: ShopPolicies): Record<PolicyFact['kind'], string[]> {
  const range = deliveryRange(p);
  const ranges = [...p.deliveryZones.map((z) => [z.minDays, z.maxDays] as const), ...(range ? [[range.min, range.max] as const] : [])];
  return {
    'free-shipping': p.freeShippingMin === null ? [] : [pesos(p.freeShippingMin)],
    'shipping-cost': [pesos(p.shippingCost)],
    installments: p.installments ? [`${pesos(p.installments.minPurchase)} ${p.installments.months.join(' y ')}`] : [],
    'return-days': [String(p.returnDays)],
    'revocation-days': [String(p.revocationDays)],
    'refund-days': [String(p.refundDays)],
    delivery: ranges.map(([min, max]) => daysRange(min, max).replace(/ días? hábil(es)?$/, '')),
  };
}

const STALE = [/\d+ horas/i, /no se pueden cancelar/i, /no admiten devoluci[oó]n/i, /env[ií]o exprés/i];

/** Each statement of the page that the saved policies do not allow, and each stale figure. */
export function policyFindings(text: string, p: ShopPolicies): string[] {
  const allowed = allowedValues(p);
  const wrong = policyFacts(text)
    .filter((f) => !allowed[f.kind].includes(f.value))
    .map((f) => `${f.kind}: "${f.value}" (la política dice ${allowed[f.kind].join(' o ') || 'nada'})`);
  const stale = STALE.flatMap((re) => (re.test(text) ? [`texto viejo: ${re.source}`] : []));
  return [...wrong, ...stale];
}

/** Every text of the page, hidden or not (closed answers, the help panel), one space between nodes. */
export async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('script, style, template')) parts.push(node.textContent ?? '');
    }
    return parts.join(' ').replace(/\s+/g, ' ');
  });
}
