import { describe, expect, it } from 'vitest';
import { msUntilNextMexicoMidnight } from '../../scripts/rebuild/schedule.ts';

const minutes = (ms: number) => ms / 60_000;

describe('next rebuild after midnight in Mexico City (UTC-6, no daylight saving)', () => {
  it('at 23:30 in Mexico City it is 31 minutes away (30 to midnight plus a minute of grace)', () => {
    expect(minutes(msUntilNextMexicoMidnight(new Date('2026-11-22T05:30:00Z')))).toBe(31);
  });

  it('just after midnight it waits for the next night', () => {
    expect(minutes(msUntilNextMexicoMidnight(new Date('2026-11-22T06:00:00Z'), 0))).toBe(24 * 60);
  });

  it('at noon UTC (06:00 in Mexico City) it is 18 hours away', () => {
    expect(minutes(msUntilNextMexicoMidnight(new Date('2026-11-21T12:00:00Z'), 0))).toBe(18 * 60);
  });
});
