import { describe, expect, it } from 'vitest';
import { heldUntilPhrase, holdRunning } from './order-hold.ts';

// Mexico City is UTC−6 all year: 14:30 there is 20:30 UTC
const now = new Date('2026-11-27T16:00:00Z'); // 10:00 on Friday 27 November in Mexico City

describe('until when an order holds its pieces, on the Mexico City clock', () => {
  it('today: the time alone', () => {
    expect(heldUntilPhrase('2026-11-27T20:30:00Z', now)).toBe('hasta las 14:30');
    expect(heldUntilPhrase('2026-11-27T16:05:00.123456+00:00', now)).toBe('hasta las 10:05');
  });
  it("one o'clock is 'la 1'", () => {
    expect(heldUntilPhrase('2026-11-28T07:05:00Z', now)).toBe('hasta mañana a la 1:05');
  });
  it("the next day is 'mañana', though it is still today in UTC or already tomorrow there", () => {
    // 00:15 on the 28th in Mexico City is 06:15 UTC on the 28th
    expect(heldUntilPhrase('2026-11-28T06:15:00Z', now)).toBe('hasta mañana a las 0:15');
    // 23:59 on the 27th in Mexico City is 05:59 UTC on the 28th: still today
    expect(heldUntilPhrase('2026-11-28T05:59:00Z', now)).toBe('hasta las 23:59');
  });
  it('later on: the date in Spanish, with the year when it is another one', () => {
    expect(heldUntilPhrase('2026-11-30T15:00:00Z', now)).toBe('hasta el 30 de noviembre a las 9:00');
    expect(heldUntilPhrase('2027-01-02T18:00:00Z', new Date('2026-12-31T18:00:00Z'))).toBe('hasta el 2 de enero de 2027 a las 12:00');
  });
  it('no instant, no phrase', () => {
    expect(heldUntilPhrase(null, now)).toBeNull();
    expect(heldUntilPhrase('mañana', now)).toBeNull();
  });
});

describe('a hold runs until its instant', () => {
  it('running before, ended at and after it, and never without one', () => {
    const at = Date.parse('2026-11-27T20:30:00Z');
    expect(holdRunning('2026-11-27T20:30:00Z', at - 1)).toBe(true);
    expect(holdRunning('2026-11-27T20:30:00Z', at)).toBe(false);
    expect(holdRunning(null, at)).toBe(false);
    expect(holdRunning('nunca', at)).toBe(false);
  });
});
