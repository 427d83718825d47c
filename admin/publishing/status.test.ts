import { describe, expect, it } from 'vitest';
import { ago, elapsedText, type LatestPublication, publicationStatus } from './status.ts';

const NOW = new Date('2026-11-23T18:00:00Z');
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
const publication = (over: Partial<LatestPublication>): LatestPublication => ({
  status: 'published',
  requested_at: at(10),
  started_at: at(9),
  finished_at: at(5),
  error: null,
  ...over,
});

describe('publicationStatus', () => {
  it('says when the shop was published', () => {
    expect(publicationStatus(publication({}), at(5), 0, NOW)).toEqual({
      tone: 'ok',
      key: 'app.publishing.published_minutes',
      params: { n: 5 },
    });
  });

  it('says there are changes waiting when something changed after it', () => {
    expect(publicationStatus(publication({}), at(5), 2, NOW)).toEqual({ tone: 'pending', key: 'app.publishing.pending' });
  });

  it('shows a running publication with the time since it was asked for', () => {
    const running = publication({ status: 'building', requested_at: new Date(NOW.getTime() - 75_000).toISOString(), finished_at: null });
    expect(publicationStatus(running, at(60), 1, NOW)).toEqual({
      tone: 'working',
      key: 'app.publishing.working',
      params: { elapsed: '1:15' },
    });
    expect(publicationStatus(publication({ status: 'requested', requested_at: at(0) }), null, 1, NOW).params).toEqual({ elapsed: '0:00' });
  });

  it('shows the last error until a publication succeeds', () => {
    expect(publicationStatus(publication({ status: 'failed', error: 'astro build terminó con código 1' }), at(60), 1, NOW)).toEqual({
      tone: 'error',
      key: 'app.publishing.failed',
      error: 'astro build terminó con código 1',
    });
  });

  it('a shop never published says so', () => {
    expect(publicationStatus(null, null, 0, NOW)).toEqual({ tone: 'pending', key: 'app.publishing.never' });
  });
});

describe('ago and elapsedText', () => {
  it('round down to the unit shown', () => {
    expect(ago(new Date(at(0.5)), NOW)).toEqual({ key: 'app.publishing.published_now' });
    expect(ago(new Date(at(59)), NOW)).toEqual({ key: 'app.publishing.published_minutes', params: { n: 59 } });
    expect(ago(new Date(at(125)), NOW)).toEqual({ key: 'app.publishing.published_hours', params: { n: 2 } });
    expect(ago(new Date(at(60 * 50)), NOW)).toEqual({ key: 'app.publishing.published_days', params: { n: 2 } });
    expect(elapsedText(new Date(NOW.getTime() - 605_000), NOW)).toBe('10:05');
  });
});
