/**
 * /og-image.png: the 1200x630 picture a shared link to the home or an information page shows
 * (product pages share their own photo). Drawn at build time from the shop's name, description and
 * colour, so it follows them without a designer's file to keep in step.
 */
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { SHOP } from '../config/shop.ts';
import { SHARE_SIZE } from '../lib/image-variants.ts';

/** The size of every share picture, the shop's own as a product's (the layout's og:image size tags). */
const OG_SIZE = SHARE_SIZE;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description in lines of at most `max` characters, breaking between words. */
function lines(text: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function svg(): string {
  const { width, height } = OG_SIZE;
  const body = lines(SHOP.description, 44)
    .slice(0, 3)
    .map((l, i) => `<text x="80" y="${330 + i * 56}" font-size="42" fill="#1a2e05">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${SHOP.themeColor}"/>
  <rect x="0" y="${height - 24}" width="${width}" height="24" fill="#1a2e05"/>
  <g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif">
    <text x="80" y="220" font-size="92" font-weight="700" fill="#0a0a0a">${escapeXml(SHOP.name)}</text>
    ${body}
  </g>
</svg>`;
}

export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(svg())).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
