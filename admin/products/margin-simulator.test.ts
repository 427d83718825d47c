import { describe, expect, it } from 'vitest';
import { analyzeMargin, canApplyPrice, clampSimulated, priceForMargin, simulatorRange, TARGET_MARGIN_DEFAULT } from './margin-simulator.ts';

describe('priceForMargin', () => {
  it('is cost x (1 + margin)', () => {
    expect(priceForMargin(1000, 30)).toBe(1300);
    expect(priceForMargin(123.45, 0)).toBe(123.45);
    expect(priceForMargin(100, 100)).toBe(200);
    expect(priceForMargin(null, 30)).toBe(0);
    expect(TARGET_MARGIN_DEFAULT).toBe(30);
  });
});

describe('simulator range and apply button', () => {
  it('starts at the cost and moves in steps of 50', () => {
    const r = simulatorRange(1000, 2500, 1300);
    expect(r.min).toBe(1000);
    expect(r.step).toBe(50);
    expect((r.max - r.min) % 50).toBe(0);
    expect(r.max).toBeGreaterThanOrEqual(3000);
    expect(simulatorRange(0, 0, 0)).toEqual({ min: 0, max: 500, step: 50 });
  });
  it('clamps to the cost', () => {
    expect(clampSimulated(900, 1000)).toBe(1000);
    expect(clampSimulated(1250, 1000)).toBe(1250);
    expect(clampSimulated(Number.NaN, 1000)).toBe(1000);
  });
  it('is disabled below the cost or for the same price', () => {
    expect(canApplyPrice(999, 1000)).toBe(false);
    expect(canApplyPrice(1000, 1000)).toBe(true);
    expect(canApplyPrice(1300, 1000, 1300)).toBe(false);
    expect(canApplyPrice(1350, 1000, 1300)).toBe(true);
  });
});

describe('analyzeMargin', () => {
  it('margin on cost, suggested comparison and a good-margin note', () => {
    const a = analyzeMargin(1300, 1000);
    expect(a.margin).toBe(30);
    expect(a.quality).toBe('Excelente');
    expect(a.suggested).toBe(1300);
    expect(a.difference).toBe(0);
    expect(a.significant).toBe(false);
    expect(a.recommendations.map((r) => r.severity)).toEqual(['success']);
  });
  it('warns below 20% and on a difference over 100', () => {
    const a = analyzeMargin(1100, 1000);
    expect(a.margin).toBeCloseTo(10);
    expect(a.significant).toBe(true);
    expect(a.recommendations.map((r) => r.severity)).toEqual(['warning', 'warning']);
    expect(a.recommendations[0]!.text).toContain('por debajo del 20%');
  });
  it('a difference of exactly 100 is not significant', () => {
    expect(analyzeMargin(1200, 1000).significant).toBe(false);
  });
  it('flags a sale below cost, and a missing cost', () => {
    expect(analyzeMargin(900, 1000).recommendations[0]!.severity).toBe('error');
    expect(analyzeMargin(900, 0).margin).toBeNull();
  });
});
