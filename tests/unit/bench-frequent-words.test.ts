import { describe, expect, it } from 'vitest';
import { frequentTerms } from '../../scripts/bench/frequent-words.ts';

const counts = (pairs: [string, number][]) => pairs.map(([word, products]) => ({ word, products }));

describe('frequentTerms', () => {
  it('takes the words held by the most products, most frequent first, as written', () => {
    const words = counts([
      ['chamarra', 4000],
      ['nike', 9000],
      ['negro', 6000],
      ['tenis', 5000],
      ['jeans', 100],
    ]);
    expect(frequentTerms(words, 3, 0)).toEqual(['nike', 'negro', 'tenis']);
  });

  it('leaves out what a shopper does not type as one word: short words, numbers, sizes', () => {
    const words = counts([
      ['de', 20000],
      ['28x30', 9000],
      ["levi's", 8000],
      ['azul', 10],
    ]);
    expect(frequentTerms(words, 5, 0)).toEqual(['azul']);
  });

  it('counts a word and its spelling without accents once, keeping the more frequent spelling', () => {
    const words = counts([
      ['pantalón', 3000],
      ['pantalon', 40],
      ['café', 2000],
    ]);
    expect(frequentTerms(words, 5, 0)).toEqual(['pantalón', 'café']);
  });

  it('brings in the most frequent accented words in place of the least frequent plain ones when too few have accents', () => {
    const words = counts([
      ['nike', 9000],
      ['negro', 8000],
      ['tenis', 7000],
      ['jeans', 6000],
      ['pantalón', 500],
      ['algodón', 400],
      ['café', 300],
    ]);
    expect(frequentTerms(words, 4, 2)).toEqual(['nike', 'negro', 'pantalón', 'algodón']);
    expect(frequentTerms(words, 4, 0)).toEqual(['nike', 'negro', 'tenis', 'jeans']);
  });
});
