import { describe, expect, it } from 'vitest';
import { announcementProblem, hourForDatabase, hourForInput } from './announcement.ts';

describe("the campaign form's announcement", () => {
  it('goes up on the start day or before it', () => {
    expect(announcementProblem('2026-12-01', '2026-12-04')).toBeUndefined();
    expect(announcementProblem('2026-12-04', '2026-12-04')).toBeUndefined();
    expect(announcementProblem('2026-12-05', '2026-12-04')).toBe('app.campaigns.announce_after_start');
  });

  it('needs a start day', () => {
    expect(announcementProblem('2026-12-01', '')).toBe('app.campaigns.announce_needs_start');
    expect(announcementProblem('2026-12-01', null)).toBe('app.campaigns.announce_needs_start');
  });

  it('is optional: without it the campaign shows from when it is saved', () => {
    expect(announcementProblem(null, '2026-12-04')).toBeUndefined();
    expect(announcementProblem('', null)).toBeUndefined();
  });
});

describe('the start hour', () => {
  it("shows the stored 'HH:mm:ss' as 'HH:mm'", () => {
    expect(hourForInput('10:00:00')).toBe('10:00');
    expect(hourForInput('00:00:00')).toBe('00:00');
    expect(hourForInput(null)).toBe('');
  });

  it('stores what the input says, midnight when blank', () => {
    expect(hourForDatabase('18:30')).toBe('18:30');
    expect(hourForDatabase('')).toBe('00:00');
    expect(hourForDatabase('25:00')).toBe('00:00');
  });
});
