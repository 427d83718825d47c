/** Product descriptions: rich text sanitised to simple formatting, plain text, and the 200-character social cut. */
import sanitizeHtml from 'sanitize-html';

/** The only tags a description keeps: paragraphs, line breaks, emphasis and lists. No attributes at all. */
export const DESCRIPTION_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li'];

/** Shown under 'Datos del producto' when a product has no description. */
export function defaultDescription(marca: string): string {
  const brand = marca.trim() ? ` de ${marca.trim()}` : '';
  return `Producto original${brand}, nuevo y con etiquetas. Pieza de outlet con existencias limitadas: revisa la guía de tallas y confirma disponibilidad por mensaje antes de comprar.`;
}

/** Description HTML reduced to simple formatting tags; scripts, styles, links and attributes are dropped. */
export function sanitizeDescription(html: string | null | undefined): string {
  if (!html?.trim()) return '';
  return sanitizeHtml(html, { allowedTags: DESCRIPTION_TAGS, allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}

/** The description as one line of plain text: each paragraph or list item becomes a sentence, entities decoded. */
export function descriptionText(html: string | null | undefined): string {
  if (!html?.trim()) return '';
  const marked = html.replace(/<\/(p|li|div|h\d)\s*>|<br\s*\/?>/gi, '\u0000');
  const text = decodeEntities(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }));
  return text
    .split('\u0000')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part, i, all) => (i < all.length - 1 && !/[.!?:;…]$/.test(part) ? `${part}.` : part))
    .join(' ');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Cuts text to `max` characters: longer text becomes its first max-3 characters (trimmed) plus '...'. */
export function cutDescription(text: string, max = 200): string {
  const t = text.trim();
  if (t.length <= max) return t;
  return `${t.slice(0, max - 3).trimEnd()}...`;
}
