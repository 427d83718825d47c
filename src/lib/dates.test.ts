import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  formatDisplayDate,
  formatIsoDate,
  formatReportDate,
  MONTHS_ES,
  mexicoCityDate,
  mexicoCityMidnight,
  todayInMexicoCity,
  toDate,
} from './dates.ts';

describe('formatDisplayDate', () => {
  it('gives unpadded day, Spanish month abbreviation and year', () => {
    expect(formatDisplayDate('2025-01-05')).toBe('5/ENE/2025');
    expect(formatDisplayDate('2025-12-31')).toBe('31/DIC/2025');
    expect(formatDisplayDate(new Date(2024, 7, 9))).toBe('9/AGO/2024');
  });
  it('uses every month abbreviation of the spec in order', () => {
    const got = Array.from({ length: 12 }, (_, m) => formatDisplayDate(new Date(2025, m, 1)).split('/')[1]);
    expect(got).toEqual(['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC']);
    expect(MONTHS_ES).toEqual(got);
  });
  it("says 'Fecha inválida' for unreadable input", () => {
    expect(formatDisplayDate('no es fecha')).toBe('Fecha inválida');
    expect(formatDisplayDate('')).toBe('Fecha inválida');
    expect(formatDisplayDate(null)).toBe('Fecha inválida');
    expect(formatDisplayDate(undefined)).toBe('Fecha inválida');
    expect(formatDisplayDate('2025-02-30')).toBe('Fecha inválida');
    expect(formatDisplayDate(new Date(Number.NaN))).toBe('Fecha inválida');
  });
});

describe('date-only strings are local midnight', () => {
  it('keeps the calendar day whatever the time zone', () => {
    const d = toDate('2025-03-01');
    expect(d).not.toBeNull();
    expect([d!.getFullYear(), d!.getMonth(), d!.getDate(), d!.getHours(), d!.getMinutes()]).toEqual([2025, 2, 1, 0, 0]);
  });
});

describe('formatIsoDate', () => {
  it('pads month and day', () => {
    expect(formatIsoDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(formatIsoDate('2025-11-09')).toBe('2025-11-09');
  });
  it("gives '' for unreadable input", () => {
    expect(formatIsoDate('garbage')).toBe('');
    expect(formatIsoDate(null)).toBe('');
  });
});

describe('formatReportDate', () => {
  it('formats dd/MM/yyyy with optional time', () => {
    const d = new Date(2025, 0, 5, 7, 8, 9);
    expect(formatReportDate(d)).toBe('05/01/2025');
    expect(formatReportDate(d, 'minutes')).toBe('05/01/2025 07:08');
    expect(formatReportDate(d, 'seconds')).toBe('05/01/2025 07:08:09');
  });
  it("shows 'N/A' for invalid dates", () => {
    expect(formatReportDate('x')).toBe('N/A');
  });
});

describe('today in Mexico City', () => {
  it('uses the Mexico City calendar day, not UTC', () => {
    // 05:59 UTC on 2 Jan is still 23:59 on 1 Jan in Mexico City (UTC-6, no DST since 2022).
    expect(mexicoCityDate(new Date('2025-01-02T05:59:00Z'))).toBe('2025-01-01');
    expect(mexicoCityDate(new Date('2025-01-02T06:00:00Z'))).toBe('2025-01-02');
    expect(todayInMexicoCity(new Date('2025-07-01T03:00:00Z'))).toBe('2025-06-30');
  });
  it('gives the new day from the first instant of midnight, asked one after the other', () => {
    expect(mexicoCityDate(new Date('2025-01-02T05:59:59.999Z'))).toBe('2025-01-01');
    expect(mexicoCityDate(new Date('2025-01-02T06:00:00.000Z'))).toBe('2025-01-02');
    expect(mexicoCityDate(new Date('2025-01-02T05:59:30Z'))).toBe('2025-01-01');
    expect(() => mexicoCityDate(new Date('no es fecha'))).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts calendar days, negative when the target is earlier', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(0);
    expect(daysBetween('2025-01-01', '2025-01-02')).toBe(1);
    expect(daysBetween('2025-01-10', '2025-01-01')).toBe(-9);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });
  it('ignores the time of day', () => {
    expect(daysBetween(new Date(2025, 0, 1, 23, 59), '2025-01-02')).toBe(1);
  });
  it('gives null for unreadable dates', () => {
    expect(daysBetween('nope', '2025-01-01')).toBeNull();
    expect(daysBetween('2025-01-01', null)).toBeNull();
  });
});

describe('mexicoCityMidnight', () => {
  it('is the first instant of the day in Mexico City', () => {
    const start = mexicoCityMidnight('2026-11-27');
    expect(start.toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(mexicoCityDate(start)).toBe('2026-11-27');
    expect(mexicoCityDate(new Date(start.getTime() - 1))).toBe('2026-11-26');
    // summer too: no daylight saving time any more
    expect(mexicoCityDate(new Date(mexicoCityMidnight('2026-07-01').getTime() - 1))).toBe('2026-06-30');
  });
});
