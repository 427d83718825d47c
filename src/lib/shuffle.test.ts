import { describe, expect, it } from 'vitest';
import { HOME_FEATURED_MAX, homeFeatured, shuffleByIds } from './shuffle.ts';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${String(i).padStart(2, '0')}` }));
const ids = (list: { id: string }[]) => list.map((i) => i.id);

describe('shuffleByIds', () => {
  it('returns every item exactly once and leaves the input alone', () => {
    const input = items(12);
    const copy = [...input];
    const out = shuffleByIds(input);
    expect(input).toEqual(copy);
    expect([...ids(out)].sort()).toEqual(ids(input));
  });

  it('gives the same order for the same ids, whatever order they arrive in', () => {
    const input = items(12);
    expect(ids(shuffleByIds(input))).toEqual(ids(shuffleByIds([...input].reverse())));
  });

  it('actually reorders, and a different set of ids gives a different order', () => {
    const a = ids(shuffleByIds(items(12)));
    expect(a).not.toEqual(ids(items(12)));
    const b = ids(shuffleByIds(items(13))).filter((id) => id !== 'id-12');
    expect(b).not.toEqual(a);
  });

  it('handles empty and single lists', () => {
    expect(shuffleByIds([])).toEqual([]);
    expect(shuffleByIds([{ id: 'x' }])).toEqual([{ id: 'x' }]);
  });
});

describe('homeFeatured', () => {
  it('shows every featured product up to six slides of four, the same ones on every build', () => {
    expect(homeFeatured(items(5))).toHaveLength(5);
    const many = items(99);
    const shown = homeFeatured(many);
    expect(HOME_FEATURED_MAX).toBe(24);
    expect(shown).toHaveLength(24);
    expect(ids(homeFeatured([...many].reverse()))).toEqual(ids(shown));
    expect(ids(shown)).toEqual(ids(shuffleByIds(many)).slice(0, 24));
  });
});
