/**
 * The admin's margin analysis dialog: margin on cost, the price simulator (from the cost upward in
 * steps of 50), the target-margin slider (0-100, step 1, default 30), recommendations and warnings.
 */
import { roundCents, toAmount } from '@/lib/money.ts';
import {
  isSignificantDifference,
  MARGIN_TARGET,
  MARGIN_WARNING_BELOW,
  marginQuality,
  profitMargin,
  suggestedSalePrice,
  type MarginQuality,
} from '@/lib/pricing.ts';

type Price = number | string | null | undefined;

export const SIMULATOR_STEP = 50;
export const TARGET_MARGIN_MIN = 0;
export const TARGET_MARGIN_MAX = 100;
export const TARGET_MARGIN_STEP = 1;
export const TARGET_MARGIN_DEFAULT = MARGIN_TARGET;

/** Sale price giving a margin percent on cost: cost x (1 + margin/100), in cents. */
export function priceForMargin(cost: Price, marginPct: number): number {
  const c = toAmount(cost) ?? 0;
  return roundCents(Math.max(0, c) * (1 + marginPct / 100));
}

/** The simulator's range: from the cost up to the larger of 3x cost, the original and the current price, in steps of 50. */
export function simulatorRange(cost: Price, original: Price, current: Price): { min: number; max: number; step: number } {
  const c = Math.max(0, toAmount(cost) ?? 0);
  const top = Math.max(c * 3, toAmount(original) ?? 0, toAmount(current) ?? 0, c + SIMULATOR_STEP * 10);
  const steps = Math.ceil((top - c) / SIMULATOR_STEP);
  return { min: c, max: roundCents(c + steps * SIMULATOR_STEP), step: SIMULATOR_STEP };
}

/** Clamps a simulated price to the simulator's minimum (the cost). */
export function clampSimulated(price: number, cost: Price): number {
  const c = Math.max(0, toAmount(cost) ?? 0);
  return Number.isFinite(price) ? roundCents(Math.max(price, c)) : c;
}

/** 'Actualizar Precio a $X' is allowed only at or above the cost (and for a real, changed price). */
export function canApplyPrice(simulated: Price, cost: Price, current?: Price): boolean {
  const s = toAmount(simulated);
  const c = toAmount(cost) ?? 0;
  if (s === null || s < c) return false;
  const cur = toAmount(current);
  return cur === null || cur === undefined || roundCents(cur) !== roundCents(s);
}

export type Severity = 'success' | 'info' | 'warning' | 'error';
export interface Recommendation {
  severity: Severity;
  text: string;
}

export interface MarginAnalysis {
  margin: number | null;
  quality: MarginQuality;
  suggested: number;
  difference: number | null;
  significant: boolean;
  recommendations: Recommendation[];
}

const pct = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString('es-MX')}%`;

/** Current margin, the suggested price comparison and the recommendations shown in the dialog. */
export function analyzeMargin(sale: Price, cost: Price): MarginAnalysis {
  const margin = profitMargin(sale, cost);
  const suggested = suggestedSalePrice(cost);
  const s = toAmount(sale);
  const c = toAmount(cost);
  const difference = s === null ? null : roundCents(suggested - s);
  const significant = isSignificantDifference(suggested, sale);
  const recommendations: Recommendation[] = [];
  if (s !== null && c !== null && s < c) {
    recommendations.push({ severity: 'error', text: 'El precio de venta está por debajo del costo: este producto genera pérdidas.' });
  } else if (margin !== null && margin < MARGIN_WARNING_BELOW) {
    recommendations.push({
      severity: 'warning',
      text: `Margen bajo: ${pct(margin)} está por debajo del 20%. Se recomienda un margen del ${MARGIN_TARGET}%.`,
    });
  } else if (margin !== null && margin < MARGIN_TARGET) {
    recommendations.push({ severity: 'info', text: `Margen aceptable. Se recomienda llegar al ${MARGIN_TARGET}%.` });
  } else if (margin !== null) {
    recommendations.push({ severity: 'success', text: `Buen margen: cumple el ${MARGIN_TARGET}% recomendado.` });
  } else {
    recommendations.push({ severity: 'info', text: 'Registra el costo de compra para calcular el margen.' });
  }
  if (significant && difference !== null) {
    recommendations.push({
      severity: 'warning',
      text: `Diferencia significativa: el precio sugerido difiere en más de $100 del precio actual.`,
    });
  }
  return { margin, quality: marginQuality(margin), suggested, difference, significant, recommendations };
}
