import { describe, expect, it } from 'vitest';
import { AttemptWindow } from '../../scripts/stack/gateway/attempts.ts';

describe('AttemptWindow', () => {
  it('allows the limit within the window, then refuses until the oldest attempt leaves it', () => {
    let now = 0;
    const w = new AttemptWindow(3, 1000, () => now);
    for (const t of [0, 100, 200]) {
      now = t;
      expect(w.exhausted('a')).toBe(false);
      w.record('a');
    }
    expect(w.exhausted('a')).toBe(true);
    expect(w.exhausted('b')).toBe(false);
    now = 999;
    expect(w.exhausted('a')).toBe(true);
    now = 1001;
    expect(w.exhausted('a')).toBe(false);
  });

  it('starts a key afresh when cleared', () => {
    const w = new AttemptWindow(1, 1000, () => 0);
    w.record('a');
    expect(w.exhausted('a')).toBe(true);
    w.clear('a');
    expect(w.exhausted('a')).toBe(false);
  });
});
