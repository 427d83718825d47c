/**
 * The rules the code race of `npm run bench` checks (code-race.ts), apart from the stack so they can
 * be tested alone: whether many shoppers using one discount code at once got what the shop promises.
 * As many orders carry the code as it had uses left, every other shopper is told 'Este código ya se
 * agotó' and stores nothing, no error, and the database counts exactly those uses (never past the
 * code's limit).
 */

/** What the code's case expects of the agotado refusal, word for word (private.discount_code_quote). */
export const SOLD_OUT = 'Este código ya se agotó';

/** One shopper's answer from /rpc/place_order with the code. */
export interface CodeAnswer {
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** The order was stored. */
  ok: boolean;
  /** The code the stored order carries, and what it took off. */
  codigo: string | null;
  descuento: number;
  /** A refusal of the code: place_order's code_problem.mensaje. */
  codeRefusal: string | null;
  /** For a refused order, the motivo of each line's problem ('apartada'…). */
  motivos: string[];
  /** For an error (status ≥ 400 or no answer): its code and message. */
  error: string | null;
}

/** The code and its orders, read from the database after the race. */
export interface CodeCount {
  /** discount_codes.usos: the uses the code counts. */
  usos: number;
  /** Its usos_maximos (null: no limit). */
  limit: number | null;
  /** Orders stored with the code. */
  orders: number;
  /** Uses recorded that count (private.discount_code_uses). */
  counted: number;
}

export interface CodeVerdict {
  /** Shoppers whose order was stored with the code and a discount. */
  orders: number;
  /** Refused with 'Este código ya se agotó'. */
  soldOut: number;
  /** Refused otherwise, or stored without the code. */
  otherAnswers: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Uses counted beyond the code's limit. */
  overused: number;
  /** What is wrong, in Spanish, one line each; empty when the case met every count. */
  failures: string[];
}

/**
 * Judges one case: `expectedOrders` shoppers must get their order with the code's discount (the uses
 * it had left, when fewer than the shoppers), every other one 'Este código ya se agotó', none an
 * error; the database must count exactly those uses, never past the limit.
 */
export function judgeCodeRace(answers: readonly CodeAnswer[], count: CodeCount, code: string, expectedOrders: number): CodeVerdict {
  const errorKinds: Record<string, number> = {};
  let orders = 0;
  let soldOut = 0;
  let otherAnswers = 0;
  let errors = 0;
  for (const a of answers) {
    if (a.status !== 200 || a.error !== null) {
      errors++;
      const kind = `HTTP ${a.status}${a.error ? ` ${a.error}` : ''}`;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    } else if (a.ok && a.codigo === code && a.descuento > 0) orders++;
    else if (!a.ok && a.codeRefusal === SOLD_OUT) soldOut++;
    else otherAnswers++;
  }
  const overused =
    count.limit === null ? 0 : Math.max(0, count.usos - count.limit, count.orders - count.limit, count.counted - count.limit);
  const failures: string[] = [];
  if (orders !== expectedOrders) failures.push(`${orders} pedidos con el código; deben ser ${expectedOrders}`);
  if (errors > 0) failures.push(`${errors} compradores recibieron un error`);
  if (otherAnswers > 0) failures.push(`${otherAnswers} compradores con otra respuesta que el pedido con el código o «${SOLD_OUT}»`);
  if (overused > 0) failures.push(`${overused} usos de más (límite ${count.limit})`);
  if (count.orders !== orders || count.usos !== orders || count.counted !== orders)
    failures.push(
      `${count.orders} pedidos guardados con el código, ${count.usos} usos contados y ${count.counted} registrados; deben ser ${orders}`,
    );
  return { orders, soldOut, otherAnswers, errors, errorKinds, overused, failures };
}
