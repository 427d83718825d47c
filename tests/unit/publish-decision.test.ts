import { describe, expect, it } from 'vitest';
import { type PublicationState, publishVerdict } from '../../scripts/publish/decision.ts';

// 2026-11-23 10:00 in Mexico City (UTC-6 all year).
const NOW = new Date('2026-11-23T16:00:00Z');
// Published yesterday, 2026-11-22, at 20:00 in Mexico City.
const YESTERDAY_EVENING = '2026-11-23T02:00:00Z';

const state = (over: Partial<PublicationState> = {}): PublicationState => ({
  pending: 0,
  last: { status: 'published', finished_at: YESTERDAY_EVENING },
  campaigns: [{ start: '2026-11-01', end: '2026-11-30' }],
  ...over,
});

describe('publishVerdict', () => {
  it('has nothing to publish when nothing changed and no campaign started or ended', () => {
    expect(publishVerdict(state(), NOW)).toEqual({ publish: false, reason: 'nada que publicar' });
  });

  it('publishes pending changes', () => {
    expect(publishVerdict(state({ pending: 3 }), NOW)).toEqual({ publish: true, reason: '3 cambio(s) pendiente(s)' });
  });

  it('publishes when the shop was never published, and retries after a failure', () => {
    expect(publishVerdict(state({ last: null }), NOW).publish).toBe(true);
    expect(publishVerdict(state({ last: { status: 'failed', finished_at: YESTERDAY_EVENING } }), NOW)).toEqual({
      publish: true,
      reason: 'la última publicación falló',
    });
  });

  it('publishes after midnight when a campaign ended yesterday', () => {
    const verdict = publishVerdict(state({ campaigns: [{ start: null, end: '2026-11-22' }] }), NOW);
    expect(verdict).toEqual({ publish: true, reason: '1 campaña(s) terminaron y 0 empezaron desde la última publicación' });
  });

  it('does not publish again for a campaign that ended before the last publication', () => {
    const published = { status: 'published' as const, finished_at: '2026-11-23T06:10:00Z' }; // 00:10 today
    expect(publishVerdict(state({ last: published, campaigns: [{ start: null, end: '2026-11-22' }] }), NOW).publish).toBe(false);
  });

  it('a campaign ending today still shows today: nothing to publish yet', () => {
    expect(publishVerdict(state({ campaigns: [{ start: null, end: '2026-11-23' }] }), NOW).publish).toBe(false);
  });

  it('publishes when a campaign starts today, not when it starts tomorrow', () => {
    expect(publishVerdict(state({ campaigns: [{ start: '2026-11-23', end: '2026-12-01' }] }), NOW).publish).toBe(true);
    expect(publishVerdict(state({ campaigns: [{ start: '2026-11-24', end: '2026-12-01' }] }), NOW).publish).toBe(false);
  });

  it('publishes on the day an announcement goes up, once', () => {
    const announced = { start: '2026-11-27', end: '2026-12-05', announce: '2026-11-23', opens: '2026-11-27T16:00:00Z' };
    expect(publishVerdict(state({ campaigns: [announced] }), NOW)).toEqual({
      publish: true,
      reason: '1 campaña(s) se anunciaron desde la última publicación',
    });
    const publishedToday = { status: 'published' as const, finished_at: '2026-11-23T06:10:00Z' };
    expect(publishVerdict(state({ last: publishedToday, campaigns: [announced] }), NOW).publish).toBe(false);
  });

  it('publishes an announced campaign at its hour, not at the start of its day', () => {
    // opens today at 11:00 in Mexico City; it is 10:00
    const opensAt11 = { start: '2026-11-23', end: '2026-12-05', announce: '2026-11-20', opens: '2026-11-23T17:00:00Z' };
    expect(publishVerdict(state({ campaigns: [opensAt11] }), NOW).publish).toBe(false);
    // opened at 09:00, after the last publication
    const opened = { ...opensAt11, opens: '2026-11-23T15:00:00Z' };
    expect(publishVerdict(state({ campaigns: [opened] }), NOW)).toEqual({
      publish: true,
      reason: '0 campaña(s) terminaron y 1 empezaron desde la última publicación',
    });
    // a publication after the opening carried it
    const after = { status: 'published' as const, finished_at: '2026-11-23T15:05:00Z' };
    expect(publishVerdict(state({ last: after, campaigns: [opened] }), NOW).publish).toBe(false);
  });

  it('reads the day in Mexico City: 23:30 there is still the same day', () => {
    const lateNight = new Date('2026-11-23T05:30:00Z'); // 2026-11-22 23:30 in Mexico City
    expect(publishVerdict(state({ campaigns: [{ start: null, end: '2026-11-22' }] }), lateNight).publish).toBe(false);
  });
});
