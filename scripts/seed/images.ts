/**
 * Placeholder art for the demo, composed as SVG and rasterised to WebP with sharp. No network, no
 * external fonts (generic font families only).
 *  - product images 800x1000, views 0..3 (front, back, detail, styled)
 *  - hero slides 1600x700 (and campaign banners 1200x600) with no text
 *  - brand logos 400x200 with the brand name
 *  - featured-category tiles 800x1000 (4:5)
 */
import sharp from 'sharp';
import type { BrandDef, Silhouette } from './catalog.ts';
import { silhouetteBottom, silhouetteSvg, type Palette } from './svg-shapes.ts';

export const PRODUCT_IMAGE = { width: 800, height: 1000 } as const;
export const HERO_IMAGE = { width: 1600, height: 700 } as const;
export const CAMPAIGN_IMAGE = { width: 1200, height: 600 } as const;
export const LOGO_IMAGE = { width: 400, height: 200 } as const;
export const FEATURED_IMAGE = { width: 800, height: 1000 } as const;

const WEBP_QUALITY = 70;

// ─── colour helpers ─────────────────────────────────────────────────────────────────────────

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes a toward b by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => v + ((y[i] as number) - v) * t));
}

/** Relative luminance 0..1 (sRGB, approximate). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function paletteFor(hex: string): Palette {
  const light = luminance(hex) > 0.72;
  const dark = luminance(hex) < 0.2;
  return {
    fill: hex,
    stroke: light ? mix(hex, '#000000', 0.28) : mix(hex, '#000000', 0.4),
    detail: dark ? mix(hex, '#ffffff', 0.45) : light ? mix(hex, '#000000', 0.35) : mix(hex, '#ffffff', 0.55),
    accent: light ? '#c9a54a' : dark ? '#e9e6e0' : mix(hex, '#ffffff', 0.8),
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

async function toWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 2 }).toBuffer();
}

// ─── product images ─────────────────────────────────────────────────────────────────────────

/** Which picture of a product: 0 front, 1 back (mirrored, neutral background), 2 detail, 3 styled. */
export type ProductView = 0 | 1 | 2 | 3;

export function productImageSvg(kind: Silhouette, colour: string, view: ProductView): string {
  const { width, height } = PRODUCT_IMAGE;
  const p = paletteFor(colour);
  const light = luminance(colour) > 0.72;
  const bgTop = view === 1 ? '#f1ece4' : light ? '#e9e5de' : mix(colour, '#ffffff', 0.9);
  const bgBottom = view === 1 ? '#e2d9cc' : light ? '#d9d3c9' : mix(colour, '#ffffff', 0.78);
  const floor = silhouetteBottom(kind);
  let transform = '';
  let overlay = '';
  if (view === 1) transform = `translate(${width} 0) scale(-1 1)`;
  if (view === 2) transform = 'translate(-380 -380) scale(1.9)';
  if (view === 3) {
    transform = 'rotate(-7 400 520) translate(40 52) scale(0.9)';
    // Soft diagonal stripes as one path (an SVG <pattern> is ~10x slower to rasterise).
    const stripes = Array.from({ length: 14 }, (_, i) => {
      const x = -1000 + i * 140;
      return `M${x} ${height} L${x + 70} ${height} L${x + 70 + height * 0.7} 0 L${x + height * 0.7} 0 Z`;
    }).join(' ');
    overlay = `<path d="${stripes}" fill="#ffffff" opacity="0.28"/>`;
  }
  const shadow = view === 2 ? '' : `<ellipse cx="400" cy="${floor + 26}" rx="260" ry="26" fill="#000000" opacity="0.08"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${overlay}
<circle cx="400" cy="480" r="330" fill="#ffffff" opacity="0.35"/>
${shadow}<g transform="${transform}">${silhouetteSvg(kind, p)}</g>
</svg>`;
}

export function renderProductImage(kind: Silhouette, colour: string, view: ProductView): Promise<Buffer> {
  return toWebp(productImageSvg(kind, colour, view));
}

// ─── hero slides, campaign banners, featured categories ─────────────────────────────────────

export interface ArtItem {
  kind: Silhouette;
  colour: string;
}

/** A wide banner: theme gradient, soft shapes, items on the right half (text goes on the left). */
export function bannerSvg(width: number, height: number, theme: readonly [string, string], items: readonly ArtItem[]): string {
  const [c1, c2] = theme;
  const scale = (height * 0.78) / 1000;
  const slotW = 800 * scale * 0.78;
  const startX = width - 40 - slotW * (items.length - 1) - 800 * scale;
  const placed = items
    .map((it, i) => {
      const x = startX + i * slotW;
      const y = height * 0.12 + (i % 2 === 1 ? -height * 0.05 : height * 0.03);
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})"><circle cx="400" cy="520" r="360" fill="#ffffff" opacity="0.16"/><ellipse cx="400" cy="${silhouetteBottom(it.kind) + 24}" rx="250" ry="24" fill="#000000" opacity="0.18"/>${silhouetteSvg(it.kind, paletteFor(it.colour))}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.35"/><stop offset="0.55" stop-color="#000000" stop-opacity="0"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${width * 0.12}" cy="${height * 1.05}" r="${height * 0.7}" fill="#ffffff" opacity="0.08"/>
<circle cx="${width * 0.62}" cy="${-height * 0.2}" r="${height * 0.6}" fill="#ffffff" opacity="0.10"/>
<rect width="${width}" height="${height}" fill="url(#fade)"/>
${placed}
</svg>`;
}

export function renderBanner(width: number, height: number, theme: readonly [string, string], items: readonly ArtItem[]): Promise<Buffer> {
  return toWebp(bannerSvg(width, height, theme, items));
}

/** A 4:5 category tile: a main item large, a second one smaller in front. */
export function featuredCategorySvg(theme: readonly [string, string], items: readonly ArtItem[]): string {
  const { width, height } = FEATURED_IMAGE;
  const [c1, c2] = theme;
  const [main, second] = items;
  const mainG = main ? `<g transform="translate(60 40) scale(0.86)">${silhouetteSvg(main.kind, paletteFor(main.colour))}</g>` : '';
  const secondG = second
    ? `<g transform="translate(380 520) scale(0.5)"><ellipse cx="400" cy="${silhouetteBottom(second.kind) + 24}" rx="260" ry="26" fill="#000000" opacity="0.12"/>${silhouetteSvg(second.kind, paletteFor(second.colour))}</g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.28"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="400" cy="470" r="330" fill="#ffffff" opacity="0.35"/>
${mainG}${secondG}
<rect width="${width}" height="${height}" fill="url(#shade)"/>
</svg>`;
}

export function renderFeaturedCategory(theme: readonly [string, string], items: readonly ArtItem[]): Promise<Buffer> {
  return toWebp(featuredCategorySvg(theme, items));
}

// ─── brand logos ────────────────────────────────────────────────────────────────────────────

/** A 400x200 logo card with the brand name as text, styled loosely after the brand. */
export function logoSvg(brand: BrandDef): string {
  const { width, height } = LOGO_IMAGE;
  const name = brand.displayName;
  const upper = name.toUpperCase();
  const fontSizeFor = (text: string, perChar: number, max: number) => Math.min(max, Math.floor(340 / (text.length * perChar)));
  let inner: string;
  switch (brand.logo) {
    case 'bold-italic': {
      const size = fontSizeFor(upper, 0.72, 84);
      inner = `<text x="200" y="${100 + size * 0.36}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="900" font-style="italic" fill="${brand.ink}">${esc(upper)}</text>`;
      break;
    }
    case 'lower-bold': {
      const size = fontSizeFor(name, 0.62, 76);
      inner =
        `<g fill="${brand.ink}" transform="translate(200 62)"><path d="M-34 28 L-22 0 L-12 0 L-24 28 Z M-10 28 L4 -10 L14 -10 L0 28 Z M16 28 L32 -20 L42 -20 L26 28 Z"/></g>` +
        `<text x="200" y="${150}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="700" fill="${brand.ink}">${esc(name.toLowerCase())}</text>`;
      break;
    }
    case 'red-box': {
      const size = fontSizeFor(name, 0.62, 64);
      inner =
        `<path d="M70 50 L330 50 L318 150 Q200 130 82 150 Z" fill="${brand.ink}"/>` +
        `<text x="200" y="${100 + size * 0.34}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="800" fill="#ffffff">${esc(name)}</text>`;
      break;
    }
    case 'serif-upper': {
      const size = fontSizeFor(upper, 0.72, 72);
      inner =
        `<path d="M200 30 L250 62 L150 62 Z" fill="none" stroke="${brand.ink}" stroke-width="4"/>` +
        `<text x="200" y="${112 + size * 0.34}" text-anchor="middle" font-family="serif" font-size="${size}" font-weight="700" fill="${brand.ink}">${esc(upper)}</text>`;
      break;
    }
    case 'flag': {
      const size = fontSizeFor(upper, 0.8, 40);
      inner =
        `<g transform="translate(168 42)"><rect width="32" height="36" fill="#0b1f44"/><rect x="32" width="32" height="36" fill="#c8102e"/><rect x="2" y="2" width="60" height="32" fill="none" stroke="#ffffff" stroke-width="3"/></g>` +
        `<text x="200" y="${136 + size * 0.2}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="700" letter-spacing="2" fill="${brand.ink}">${esc(upper)}</text>`;
      break;
    }
    case 'spaced-thin': {
      const size = fontSizeFor(upper, 0.82, 40);
      inner = `<text x="200" y="${100 + size * 0.36}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="300" letter-spacing="6" fill="${brand.ink}">${esc(upper)}</text>`;
      break;
    }
    case 'serif-spaced': {
      const size = fontSizeFor(upper, 0.82, 38);
      inner =
        `<text x="200" y="${100 + size * 0.36}" text-anchor="middle" font-family="serif" font-size="${size}" letter-spacing="5" fill="${brand.ink}">${esc(upper)}</text>` +
        `<line x1="120" y1="${128 + size * 0.2}" x2="280" y2="${128 + size * 0.2}" stroke="${brand.ink}" stroke-width="2"/>`;
      break;
    }
    case 'star': {
      const size = fontSizeFor(upper, 0.7, 56);
      const star = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? 26 : 11;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(200 + Math.cos(a) * r).toFixed(1)},${(56 + Math.sin(a) * r).toFixed(1)}`;
      }).join(' ');
      inner =
        `<polygon points="${star}" fill="${brand.ink}"/>` +
        `<text x="200" y="${140 + size * 0.2}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="800" letter-spacing="2" fill="${brand.ink}">${esc(upper)}</text>`;
      break;
    }
    default: {
      // 'upper-bold' and any other style
      const size = fontSizeFor(upper, 0.74, 72);
      inner = `<text x="200" y="${100 + size * 0.36}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="800" letter-spacing="1" fill="${brand.ink}">${esc(upper)}</text>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#ffffff"/>${inner}
</svg>`;
}

export function renderLogo(brand: BrandDef): Promise<Buffer> {
  return toWebp(logoSvg(brand));
}
