import { describe, expect, it } from 'vitest';
import { relatedFinder, relatedTiers, type RelatedKeys } from './related.ts';

type P = RelatedKeys & { created_at: string };
let n = 0;
const make = (o: Partial<P>): P => {
  n += 1;
  return {
    id: `p${n}`,
    campaign_id: 'c1',
    category_id: 'cat1',
    subcategory_id: 'sub1',
    brand_id: 'b1',
    marca: 'Nike',
    created_at: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z`,
    ...o,
  };
};

describe('relatedTiers', () => {
  it('goes from the narrowest group to the same brand', () => {
    expect(relatedTiers(make({}))).toEqual([
      { campaign_id: 'c1', category_id: 'cat1', subcategory_id: 'sub1' },
      { campaign_id: 'c1', category_id: 'cat1' },
      { campaign_id: 'c1' },
      { brand_id: 'b1' },
    ]);
  });
  it('skips groups needing a missing category or subcategory, and falls back to the brand text', () => {
    expect(relatedTiers(make({ category_id: null, subcategory_id: null, brand_id: null }))).toEqual([
      { campaign_id: 'c1' },
      { marca: 'Nike' },
    ]);
  });
});

describe('relatedFinder', () => {
  it('takes the same subcategory first, newest first, at most 4, never the product itself', () => {
    const self = make({});
    const same = [make({}), make({}), make({}), make({}), make({})];
    const other = make({ subcategory_id: 'sub2' });
    const find = relatedFinder([self, ...same, other]);
    expect(find(self).map((p) => p.id)).toEqual(
      same
        .slice(1)
        .reverse()
        .map((p) => p.id),
    );
  });
  it('falls back to the category, then the campaign, then the brand', () => {
    const self = make({ campaign_id: 'cx', category_id: 'k1', subcategory_id: 's1', brand_id: 'bx' });
    const sameCategory = make({ campaign_id: 'cx', category_id: 'k1', subcategory_id: 's2' });
    expect(relatedFinder([self, sameCategory])(self)).toEqual([sameCategory]);
    const sameCampaign = make({ campaign_id: 'cx', category_id: 'k2' });
    expect(relatedFinder([self, sameCampaign])(self)).toEqual([sameCampaign]);
    const sameBrand = make({ campaign_id: 'cy', brand_id: 'bx' });
    expect(relatedFinder([self, sameBrand])(self)).toEqual([sameBrand]);
  });
  it('finds nothing when no group has another product', () => {
    const self = make({ campaign_id: 'lonely', brand_id: 'solo' });
    expect(relatedFinder([self, make({})])(self)).toEqual([]);
  });
});
