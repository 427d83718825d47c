import { describe, expect, it } from 'vitest';
import { heroSlides, type HeroImageInput } from './hero.ts';

const image = (id: string, over: Partial<HeroImageInput> = {}): HeroImageInput => ({
  id,
  title: `Título ${id}`,
  subtitle: 'Sub',
  button_text: 'Tienda',
  button_link: '/tienda',
  image_url: `https://x/${id}.webp`,
  ...over,
});
const product = (id: string, over: { imagen_principal?: string | null } = {}) => ({
  id,
  nombre: `Producto ${id}`,
  marca: 'Nike',
  precio_original: 2000,
  precio_venta: 1000,
  imagen_principal: `https://x/${id}.webp`,
  permalink: id,
  ...over,
});
const order = (slides: { kind: string; id: string }[]) => slides.map((s) => `${s.kind[0]}:${s.id}`);

describe('heroSlides', () => {
  it('interleaves hero images and featured products, then the rest of the longer list', () => {
    expect(order(heroSlides([image('a'), image('b')], [product('1'), product('2'), product('3')], 4))).toEqual([
      'b:a',
      'p:1',
      'b:b',
      'p:2',
      'p:3',
    ]);
    expect(order(heroSlides([image('a'), image('b'), image('c')], [product('1')]))).toEqual(['b:a', 'p:1', 'b:b', 'b:c']);
  });

  it('keeps at most 4 products by default, skipping those without an image', () => {
    const products = [product('1', { imagen_principal: null }), ...['2', '3', '4', '5', '6'].map((id) => product(id))];
    expect(order(heroSlides([], products))).toEqual(['p:2', 'p:3', 'p:4', 'p:5']);
  });

  it('works with only one kind, or none', () => {
    expect(order(heroSlides([image('a')], []))).toEqual(['b:a']);
    expect(heroSlides([], [])).toEqual([]);
  });

  it('applies the link rule and the button default', () => {
    const [ext, app] = heroSlides(
      [image('a', { button_link: 'https://levi.com', button_text: ' ' }), image('b', { button_link: '', subtitle: '  ' })],
      [],
    );
    expect(ext).toMatchObject({ buttonText: 'Tienda', link: { href: 'https://levi.com', external: true } });
    expect(app).toMatchObject({ subtitle: null, link: { href: '/tienda', external: false } });
  });
});
