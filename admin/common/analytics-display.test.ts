import { describe, expect, it } from 'vitest';
import { filterTypeLabel, lastDays, shortSessionId, totalsByHourOfDay } from './analytics-display.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';

describe('filterTypeLabel', () => {
  it('names every filter type in Spanish, with or without the filter_ prefix of period metrics', () => {
    expect(['category', 'subcategory', 'brand', 'campaign', 'price_range', 'size'].map(filterTypeLabel)).toEqual([
      'Categoría',
      'Subcategoría',
      'Marca',
      'Tendencia',
      'Precio',
      'Talla',
    ]);
    expect(filterTypeLabel('filter_brand')).toBe('Marca');
    expect(filterTypeLabel('color')).toBe('color');
  });
});

describe('shortSessionId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortSessionId('3f2a9c1e-77aa-4bbb-8ccc-1234567890ab')).toBe('3f2a9c1e');
    expect(shortSessionId(null)).toBe('');
  });
});

describe('lastDays', () => {
  it('ends today in Mexico City and counts today as one of the days', () => {
    // 03:30 UTC on the 24th is still the 23rd in Mexico City
    expect(lastDays(7, new Date('2026-11-24T03:30:00Z'))).toEqual({ start: '2026-11-17', end: '2026-11-23' });
    expect(lastDays(30, new Date('2026-03-01T18:00:00Z'))).toEqual({ start: '2026-01-31', end: '2026-03-01' });
  });
});

describe('totalsByHourOfDay', () => {
  it('adds up the same hour of different days and fills the other hours with zeros', () => {
    const hours = totalsByHourOfDay([
      { hora_del_dia: 9, total_actividades: 3, busquedas: 1, filtros: 1, clicks_productos: 1 },
      { hora_del_dia: 9, total_actividades: 2, busquedas: 2, filtros: 0, clicks_productos: 0 },
      { hora_del_dia: 23, total_actividades: 1, busquedas: 0, filtros: 0, clicks_productos: 1 },
    ]);
    expect(hours).toHaveLength(24);
    expect(hours[9]).toEqual({ hour: 9, total_actividades: 5, busquedas: 3, filtros: 1, clicks_productos: 1 });
    expect(hours[23]?.clicks_productos).toBe(1);
    expect(hours[0]?.total_actividades).toBe(0);
  });
});

describe('formatMexicoCityDateTime', () => {
  it('shows the Mexico City clock whatever the zone of the instant', () => {
    expect(formatMexicoCityDateTime('2026-11-24T03:05:09Z')).toBe('23/11/2026 21:05:09');
    expect(formatMexicoCityDateTime('2026-11-24T03:05:09Z', 'minutes')).toBe('23/11/2026 21:05');
    expect(formatMexicoCityDateTime('2026-01-02T06:00:00+00:00', 'none')).toBe('02/01/2026');
    expect(formatMexicoCityDateTime(null)).toBe('N/A');
  });
});
