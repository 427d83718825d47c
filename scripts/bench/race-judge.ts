/**
 * The rules the order race of `npm run bench` checks (order-race.ts), apart from the stack so they can
 * be tested alone: who a shopper is (a network of its own), and whether many shoppers ordering the
 * same pieces at once got what the shop promises: as many orders as pieces hold them, every other
 * shopper told 'apartada', no error, and no piece held or stored twice (zero oversold).
 */

/** Shopper n's address: an IPv4 /24 of its own for n up to 62,499, so each one is its own network for the per-network limits. */
export const shopperAddress = (n: number): string => `10.${Math.floor(n / 250)}.${n % 250}.7`;

/** One shopper's answer from /rpc/place_order. */
export interface RaceAnswer {
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** The order was stored and holds its piece. */
  ok: boolean;
  /** For a refused order, the motivo of each problem ('apartada', 'vendida'…). */
  motivos: string[];
  /** For an error (status ≥ 400 or no answer): its code and message. */
  error: string | null;
}

/** The pieces of the products the case's shoppers ordered, read from the database after the race. */
export interface RaceStock {
  /** Pieces not yet sold (sum over the sizes ordered). */
  existencias: number;
  /** Pieces held, as the sizes count them (product_sizes.apartadas). */
  apartadas: number;
  /** Holds rows (private.holds) on those products. */
  holds: number;
  /** Orders stored with an item of those products. */
  orders: number;
}

export interface RaceVerdict {
  /** Shoppers whose order was stored and holds a piece. */
  orders: number;
  /** Refused with every problem 'apartada' (the pieces were held by the others). */
  apartada: number;
  /** Refused for another reason. */
  otherRefusals: number;
  /** Errors (not a 200 answer), by kind. */
  errors: number;
  errorKinds: Record<string, number>;
  /** Pieces held or stored beyond the pieces there are. */
  oversold: number;
  /** What is wrong, in Spanish, one line each; empty when the case met every count. */
  failures: string[];
}

/**
 * Judges one case: `expectedOrders` shoppers must get their order (the pieces there are, when fewer
 * than the shoppers), every other one an answer whose every problem is 'apartada', none an error;
 * the database must store and hold exactly those orders' pieces, never more than existencias.
 */
export function judgeRace(answers: readonly RaceAnswer[], stock: RaceStock, expectedOrders: number): RaceVerdict {
  const errorKinds: Record<string, number> = {};
  let orders = 0;
  let apartada = 0;
  let otherRefusals = 0;
  let errors = 0;
  for (const a of answers) {
    if (a.status !== 200 || a.error !== null) {
      errors++;
      const kind = `HTTP ${a.status}${a.error ? ` ${a.error}` : ''}`;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    } else if (a.ok) orders++;
    else if (a.motivos.length > 0 && a.motivos.every((m) => m === 'apartada')) apartada++;
    else otherRefusals++;
  }
  const oversold = Math.max(0, orders - stock.existencias, stock.holds - stock.existencias, stock.apartadas - stock.existencias);
  const failures: string[] = [];
  if (orders !== expectedOrders) failures.push(`${orders} pedidos apartan piezas; deben ser ${expectedOrders}`);
  if (errors > 0) failures.push(`${errors} compradores recibieron un error`);
  if (otherRefusals > 0) failures.push(`${otherRefusals} compradores rechazados por otro motivo que «apartada»`);
  if (oversold > 0) failures.push(`${oversold} piezas sobrevendidas (${stock.existencias} existencias)`);
  if (stock.orders !== orders) failures.push(`${stock.orders} pedidos guardados; ${orders} respuestas de pedido`);
  if (stock.holds !== orders || stock.apartadas !== orders)
    failures.push(`${stock.holds} piezas en apartados y ${stock.apartadas} apartadas en las tallas; deben ser ${orders}, una por pedido`);
  return { orders, apartada, otherRefusals, errors, errorKinds, oversold, failures };
}
