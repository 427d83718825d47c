/**
 * Seeded generators of hostile inputs for the fuzz tests: CSV files (well-formed with known content,
 * mangled, wrongly encoded, oversized), shop query strings and paths, and request bodies. The same
 * seed always gives the same inputs, so a failure can be replayed with HARDENING_SEED.
 */
import { CSV_COLUMNS } from '../../admin/products/csv-import.ts';
import { createRng, type Rng } from '../../scripts/seed/random.ts';

export { createRng, type Rng };

/** Characters a supplier's file may hold: Spanish letters all within Windows-1252, symbols, quotes. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzáéíóúñüABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÑÜ0123456789';
const SYMBOLS = ' ,;\t"\'.:-_/()[]{}<>=+@#$%&*!?|~^`';
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '=HYPERLINK("http://evil.example","clic")',
  "=cmd|' /C calc'!A0",
  '+SUM(1+1)',
  '-2+3',
  '@SUM(A1:A2)',
  '\u202Eevil',
  '$' + '{7*7}', // a template expression, as text
  "'; drop table products; --",
  '\u0000',
];

export function word(rng: Rng, min = 1, max = 12): string {
  let out = '';
  const n = rng.int(min, max);
  for (let i = 0; i < n; i++) out += rng.pick([...LETTERS]);
  return out;
}

/** Free text: words, symbols, occasionally a line break or a hostile snippet. */
export function text(rng: Rng, words = 6): string {
  const parts: string[] = [];
  const n = rng.int(1, words);
  for (let i = 0; i < n; i++) {
    if (rng.chance(0.1)) parts.push(rng.pick(HOSTILE).replaceAll('\u0000', ''));
    else if (rng.chance(0.15)) parts.push(rng.pick([...SYMBOLS]));
    else parts.push(rng.chance(0.05) ? `¡${word(rng)}!` : word(rng));
    if (rng.chance(0.05)) parts.push(rng.chance(0.5) ? '\n' : '\r\n');
  }
  return parts.join(' ');
}

/** A field as a CSV writer quotes it: quoted when it holds the delimiter, a quote, a line break or edge spaces. */
export function csvField(value: string, delimiter: string, forceQuote = false): string {
  if (forceQuote || value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim()) {
    return `"${value.replaceAll('"', '""')}"`;
  }
  return value;
}

/** One product of a generated file, as written, and what the import must read from it. */
export interface GeneratedRow {
  cells: Record<string, string>;
  expectValid: boolean;
}

export interface GeneratedCsv {
  text: string;
  /** The header and one entry per row (a row's quoted line breaks inside it), joined by eol. */
  lines: string[];
  eol: string;
  delimiter: string;
  rows: GeneratedRow[];
}

const PRICE_FORMS = (rng: Rng, amount: number) =>
  rng.pick([
    String(amount),
    amount.toFixed(2),
    `$${amount.toLocaleString('en-US')}`,
    `$ ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  ]);

/**
 * A well-formed file whose content is known: names, descriptions and categories of hostile text
 * (formula prefixes, HTML, quotes, delimiters, line breaks), headers in any case, accents and order.
 */
export function wellFormedCsv(rng: Rng, maxRows = 30): GeneratedCsv {
  const delimiter = rng.pick([',', ';', '\t']);
  const columns = rng.shuffle([...CSV_COLUMNS]).filter((c) => ['nombre', 'precio', 'categoria'].includes(c) || rng.chance(0.8));
  const header = columns.map((c) => {
    const shown = rng.pick([c, c.toUpperCase(), c.replace('_', ' '), ` ${c} `, c === 'categoria' ? 'Categoría' : c]);
    return csvField(shown, delimiter);
  });
  const rows: GeneratedRow[] = [];
  const n = rng.int(1, maxRows);
  for (let i = 0; i < n; i++) {
    const cost = rng.int(1, 500_000) / (rng.chance(0.5) ? 1 : 100);
    const invalidPrice = rng.chance(0.1);
    const cells: Record<string, string> = {
      url: rng.chance(0.5) ? `https://proveedor.example/${word(rng)}` : rng.pick(['', 'javascript:alert(1)', text(rng, 2)]),
      // at least one letter, so the name is never blank
      nombre: rng.chance(0.1)
        ? `${word(rng)} ${Array.from({ length: rng.int(30, 60) }, () => word(rng, 3, 9)).join(' ')}` // a supplier's whole description as the name
        : `${rng.chance(0.3) ? rng.pick(['=', '+', '-', '@']) : ''}${word(rng)} ${text(rng, 5)}`,
      precio: invalidPrice ? rng.pick(['-5', 'gratis', '=1+1', '0', '1e5', '1.2.3']) : PRICE_FORMS(rng, cost),
      precio_anterior: rng.chance(0.7) ? PRICE_FORMS(rng, cost * 2) : rng.pick(['', 'n/a', '-1']),
      imagenes: Array.from({ length: rng.int(0, 3) }, () =>
        rng.chance(0.8) ? `https://img.example/${word(rng)}.jpg` : `data:${word(rng)}`,
      ).join(';'),
      tallas: Array.from({ length: rng.int(0, 4) }, () => rng.pick(['CH', 'M', 'G', 'EG', '26 (MX)', '27', word(rng, 1, 3)])).join(';'),
      descripcion_html: rng.chance(0.5) ? `<p>${text(rng, 10)}</p>${rng.pick(HOSTILE).replaceAll('\u0000', '')}` : text(rng, 8),
      categoria: `${word(rng)}${rng.chance(0.3) ? ` ${text(rng, 2)}` : ''}`,
      subcategoria: rng.chance(0.5) ? word(rng) : '',
      clasificacion: rng.pick(['Hombre', 'Mujer', 'Unisex', '']),
    };
    // a single '¡' or '¿' right after an uppercase accented letter reads as valid UTF-8 in Windows-1252
    for (const key of Object.keys(cells)) cells[key] = cells[key]!.replace(/([ÁÉÍÓÚÑÜ])([¡¿])/g, '$1 $2');
    rows.push({ cells, expectValid: !invalidPrice });
  }
  const eol = rng.pick(['\n', '\r\n']);
  const lines = [header.join(delimiter)];
  for (const row of rows) {
    lines.push(columns.map((c) => csvField(row.cells[c]!, delimiter, rng.chance(0.05))).join(delimiter));
    // a column the file does not have reads as empty
    for (const key of Object.keys(row.cells)) if (!columns.includes(key as (typeof columns)[number])) row.cells[key] = '';
  }
  return { text: lines.join(eol), lines, eol, delimiter, rows };
}

/** Windows-1252 bytes of text whose characters are all Latin-1 (what Excel writes on Spanish Windows). */
export function windows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new Error(`no Windows-1252 byte for ${text[i]}`);
    out[i] = code;
  }
  return out;
}

export function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return out;
}

export function randomBytes(rng: Rng, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = rng.int(0, 255);
  return out;
}

/** A file damaged the ways files get damaged: bytes flipped, cut short, quotes added, lines doubled. */
export function mangle(rng: Rng, bytes: Uint8Array): Uint8Array {
  const data = [...bytes];
  const edits = rng.int(1, 6);
  for (let e = 0; e < edits; e++) {
    const at = rng.int(0, data.length);
    switch (rng.int(0, 6)) {
      case 0:
        data.splice(at, 0, 0x22); // a stray quote
        break;
      case 1:
        data.splice(at, rng.int(1, 20));
        break;
      case 2:
        data.splice(at, 0, ...randomBytes(rng, rng.int(1, 8)));
        break;
      case 3:
        data.length = Math.min(data.length, at); // cut short
        break;
      case 4:
        data.splice(at, 0, ...new TextEncoder().encode(rng.pick([',,,,', ';;;', '\t\t', '\r', '\n\n\n', '"",""'])));
        break;
      case 5:
        data.splice(at, 0, 0xef, 0xbb, 0xbf); // a BOM in the middle
        break;
      default:
        data.splice(at, 0, ...new TextEncoder().encode(rng.pick(['ñ', 'é', '€', '😀'])), ...[0xf1, 0xe9]); // mixed encodings
    }
  }
  return Uint8Array.from(data);
}

/** A header row and rows of thousands of columns. */
export function wideCsv(rng: Rng, columns: number): string {
  const header = ['nombre', 'precio', 'categoria', ...Array.from({ length: columns }, (_, i) => `col_${i}`)];
  const lines = [header.join(',')];
  for (let r = 0; r < rng.int(1, 5); r++) lines.push(header.map(() => (rng.chance(0.5) ? word(rng, 0, 4) : '')).join(','));
  return lines.join('\n');
}

/** A file with one huge field (a pasted description, a binary blob read as text). */
export function hugeFieldCsv(rng: Rng, size: number): string {
  const big = rng.chance(0.5) ? 'x'.repeat(size) : `"${'a,b;c\n'.repeat(Math.ceil(size / 6))}"`;
  const position = rng.int(0, 2);
  const cells = ['Producto grande', '100', 'Ropa'];
  cells[position] = big;
  return `nombre,precio,categoria,descripcion_html\n${cells.join(',')},${rng.chance(0.5) ? big : 'corta'}\n`;
}

// ---------------------------------------------------------------------------------------------------
// Shop URLs

const QUERY_KEYS = ['category', 'subcategory', 'brand', 'campaign', 'price', 'size', 'search', 'page'];
const UUID_LIKE = (rng: Rng): string =>
  rng.pick([
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    `${word(rng, 8, 8)}-${word(rng, 4, 4)}-${word(rng, 4, 4)}-${word(rng, 4, 4)}-${word(rng, 12, 12)}`,
    '12345678-1234-1234-1234-1234567890ab',
    '12345678-1234-1234-1234-1234567890abc',
    '{12345678-1234-1234-1234-1234567890ab}',
    '12345678123412341234123456789 0ab',
  ]);

function queryValue(rng: Rng): string {
  switch (rng.int(0, 9)) {
    case 0:
      return UUID_LIKE(rng);
    case 1:
      return rng.pick(['0-500', '500-1000', '1000-2000', '2000-', '-1', 'NaN', 'Infinity', '1e309', '99999999999999999999']);
    case 2:
      return 'x'.repeat(rng.int(1000, 20_000));
    case 3:
      return rng.pick(['%', '%E0%A4%A', '%ZZ', '%C0%AF', '%00', '%uD800', '%%%', '%F0%9F%98']); // broken percent-encoding
    case 4:
      return encodeURIComponent(text(rng, 4));
    case 5:
      return rng.pick(['', ' ', '+', '++', '%20%20']);
    case 6:
      return String(rng.pick([-1, 0, 1, 2, 1.5, 2 ** 31, 2 ** 53, 1e21, -0]));
    case 7:
      return rng.pick(["'; drop table products; --", '<script>alert(1)</script>', '../../etc/passwd', '\\u0000', '%0d%0aSet-Cookie:x']);
    default:
      return encodeURIComponent(word(rng));
  }
}

/** A query string as a hand-edited or crawled URL brings it: unknown and repeated keys, broken encoding. */
export function shopQuery(rng: Rng): string {
  const parts: string[] = [];
  const n = rng.int(0, 12);
  for (let i = 0; i < n; i++) {
    const key = rng.chance(0.75) ? rng.pick(QUERY_KEYS) : rng.pick([word(rng), '%', '', '__proto__', 'constructor', 'page[]', 'a=b']);
    parts.push(rng.chance(0.1) ? key : `${key}=${queryValue(rng)}`);
  }
  const glue = rng.chance(0.9) ? '&' : rng.pick([';', '&&', '&amp;']);
  return `${rng.chance(0.8) ? '?' : ''}${parts.join(glue)}${rng.chance(0.05) ? '#frag' : ''}`;
}

export function productPath(rng: Rng): string {
  const tail = rng.pick([
    () => word(rng).toLowerCase(),
    () => `${word(rng).toLowerCase()}-${word(rng).toLowerCase()}`,
    () => queryValue(rng),
    () => 'a'.repeat(rng.int(190, 210)),
    () => `${word(rng)}/${word(rng)}`,
    () => '',
    () => '%2e%2e%2f%2e%2e',
    () => 'Ñandú-ROJO',
  ])();
  return rng.pick([`/producto/${tail}`, `/producto/${tail}/`, `/producto${tail}`, `/${tail}`, `/producto//${tail}`, '/producto']);
}

// ---------------------------------------------------------------------------------------------------
// Bodies

/** A JSON value of the wrong kind for any field. */
export function junkValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.pick([true, false]);
    case 2:
      return rng.pick([0, -1, 1e308, -1e308, 0.1, 2 ** 53 + 1, 123456789012]);
    case 3:
      return text(rng, 3);
    case 4:
      return 'x'.repeat(rng.int(100, 5000));
    case 5:
      return UUID_LIKE(rng);
    case 6:
      return rng.pick(['', 'NaN', 'Infinity', '1,5', '$-3']);
    case 7:
      return Array.from({ length: rng.int(0, 4) }, () => junkValue(rng, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: rng.int(0, 4) }, () => [word(rng), junkValue(rng, depth + 1)]));
  }
}

/** Text nested this many levels deep: [[[…]]] or {"a":{"a":…}}. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
