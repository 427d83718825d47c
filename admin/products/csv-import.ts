/**
 * Bulk product import: reads a supplier's CSV file (as it comes out of Excel or Google Sheets) into
 * product rows with their prices, errors and warnings. Pure: bytes in, rows out, no I/O.
 */
import Papa from 'papaparse';
import { roundCents } from '../../src/lib/money.ts';
import { importSalePrice, type MarginQuality, marginQuality, profitMargin } from '../../src/lib/pricing.ts';

/** The file's columns, in the template's order. */
export const CSV_COLUMNS = [
  'url',
  'nombre',
  'precio',
  'precio_anterior',
  'imagenes',
  'tallas',
  'descripcion_html',
  'categoria',
  'subcategoria',
  'clasificacion',
] as const;

/**
 * Columns a file may add, which the product list's export writes: existencias (the pieces of a
 * product without sizes; sizes carry their own in tallas, 'M:3'), the product's id (the row then
 * updates that product) and its sale price (kept as given instead of the import's price rule).
 */
export const CSV_EXPORT_COLUMNS = ['existencias', 'id', 'precio_venta'] as const;

/** The most pieces a size (or a product without sizes) may have. */
export const MAX_PIECES = 9999;

export type CsvColumn = (typeof CSV_COLUMNS)[number] | (typeof CSV_EXPORT_COLUMNS)[number];

/** What the wizard shows when a file cannot be read at all; nothing is imported then. */
export const CSV_FILE_ERROR = 'Error procesando el archivo CSV';

export const CSV_ERRORS = {
  nameRequired: 'Nombre es requerido',
  priceRequired: 'Precio es requerido',
  categoryRequired: 'Categoría es requerida',
  priceInvalid: 'Precio inválido',
  pricesFailed: 'Error procesando precios',
  idInvalid: 'El id no es válido',
  stockInvalid: 'Existencias inválidas: de 0 a 9999 piezas por talla (M:3) o en la columna existencias',
} as const;

export const CSV_WARNINGS = {
  previousPriceInvalid: 'Precio anterior inválido, se usará el precio de compra',
  noImages: 'No se encontraron imágenes',
  imageIgnored: (value: string) => `Imagen ignorada (no es una URL http/https): ${value}`,
  linkIgnored: (value: string) => `URL ignorada (no es una URL http/https): ${value}`,
} as const;

/** The largest amount a price column holds (numeric(12, 2)). */
const MAX_AMOUNT = 9_999_999_999.99;

/** One data row of the file, read into a product. Prices are null when the row could not yield them. */
export interface CsvProductRow {
  /** 1-based number of the data row (the header is not counted, blank lines are skipped). */
  row: number;
  nombre: string;
  /** From 'precio': what the shop paid. */
  costo_compra: number | null;
  /** From 'precio_anterior'; the cost when that is missing or invalid. */
  precio_original: number | null;
  /** The import price rule over precio_original and costo_compra. */
  precio_venta: number | null;
  /** http(s) addresses only, in the file's order. */
  imagenes: string[];
  /** Each size as the import reads it: 'M', or 'M:3' for 3 pieces. */
  tallas: string[];
  /** From 'existencias': the pieces of a product without sizes; null when blank. */
  existencias: number | null;
  /** From 'descripcion_html', as given; '' when absent. */
  descripcion: string;
  categoria: string;
  /** '' when absent. */
  subcategoria: string;
  /** From 'url', only when it is an http(s) address. */
  link_externo: string | null;
  /** From 'id' (the product list's export): the product this row updates; null for a new product. */
  id: string | null;
  /** Any error keeps the row out of the import. */
  errors: string[];
  warnings: string[];
  /** Margin percent on cost of the sale price; null when a price is missing. */
  margin: number | null;
  marginQuality: MarginQuality;
}

export interface CsvImport {
  ok: true;
  rows: CsvProductRow[];
  /** The rows without errors: the ones the import sends. */
  valid: CsvProductRow[];
  /** How many rows have at least one error. */
  errorCount: number;
  /** The template's columns the file's header lacks (absent when none is missing). */
  headerMissing?: CsvColumn[];
}

export interface CsvFailure {
  ok: false;
  /** Always CSV_FILE_ERROR: the words shown to the admin. */
  message: typeof CSV_FILE_ERROR;
  /** Why, for the console and the tests. */
  reason: string;
}

/**
 * Bytes to text. UTF-8 (its BOM dropped) when the bytes are valid UTF-8; otherwise each line is read
 * on its own: as UTF-8 when it is valid UTF-8, else as Windows-1252, the encoding Excel uses on
 * Spanish Windows for "CSV (delimitado por comas)". So 'ñ' and accents survive in a file saved by
 * Excel, and in one whose rows came from both (a UTF-8 export with rows pasted from an Excel file),
 * where reading everything as Windows-1252 would garble every accent of the UTF-8 rows.
 * Null for a binary file (a NUL byte: an .xlsx chosen by mistake, or UTF-16).
 */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): string | null {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (view.includes(0)) return null;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return utf8.decode(view);
  } catch {
    const windows1252 = new TextDecoder('windows-1252');
    const lines: string[] = [];
    let start = 0;
    while (start <= view.length) {
      const newline = view.indexOf(0x0a, start);
      const end = newline === -1 ? view.length : newline + 1;
      const line = view.subarray(start, end);
      try {
        lines.push(utf8.decode(line));
      } catch {
        lines.push(windows1252.decode(line));
      }
      if (newline === -1) break;
      start = end;
    }
    // a UTF-8 BOM on the first line read as UTF-8 is already dropped; as Windows-1252 it reads 'ï»¿'
    return lines.join('').replace(/^\u00ef\u00bb\u00bf/, '');
  }
}

/**
 * A header name as the parser keys it: trimmed, lowercase, accents removed, inner spaces or hyphens
 * as '_' ('  Categoría ' and 'Precio Anterior' read as 'categoria' and 'precio_anterior').
 */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** A price as typed: '$1,299.50' → 1299.5. '$', ',' and spaces are stripped; null if not a plain non-negative number. */
export function parseCsvPrice(raw: string): number | null {
  const text = raw.replace(/[$,\s]/g, '');
  return /^(\d+\.?\d*|\.\d+)$/.test(text) ? roundCents(Number(text)) : null;
}

/** An http(s) address as the database keeps it: 'http://' or 'https://' and no whitespace, and a valid URL. */
const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A cell as written before a spreadsheet protected it: the exports (admin/common/csv-export.ts) put a
 * single quote before a text that starts with =, +, - or @, so it never runs as a formula; read back,
 * that quote goes.
 */
export function unescapeFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** ';'-separated list: items trimmed, empty ones dropped. */
const splitList = (value: string): string[] =>
  value
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

/** A size with its pieces, as a cell of 'tallas' writes it: 'M:3' is 3 pieces of M; 'M' is one. */
export interface SizeStock {
  talla: string;
  existencias: number;
}

/** One item of 'tallas' read: 'M:3' → {M, 3}; 'M' → {M, 1}; null when the count is not 0 to MAX_PIECES. */
export function parseSizeStock(item: string): SizeStock | null {
  const match = /^(.*?)\s*:\s*(\d+)$/.exec(item.trim());
  if (!match) return { talla: item.trim(), existencias: 1 };
  const count = Number(match[2]);
  return count <= MAX_PIECES ? { talla: match[1]!.trim(), existencias: count } : null;
}

/** A size as 'tallas' writes it: the name, then ':' and its pieces unless it has exactly one. */
export function formatSizeStock({ talla, existencias }: SizeStock): string {
  return existencias === 1 ? talla : `${talla}:${existencias}`;
}

/**
 * Sizes with their pieces ('M:3'; no count is one piece): text from an opening parenthesis on is
 * ignored ('28 (MX)' → '28'); a case-insensitive repeat is dropped (the first wins). Null when a
 * count is out of range.
 */
export function parseSizes(value: string): string[] | null {
  const sizes = new Map<string, SizeStock>();
  for (const item of value.split(';')) {
    const stock = parseSizeStock(item);
    if (!stock) return null;
    const talla = stock.talla.split('(')[0]!.trim();
    if (!talla) continue;
    const key = talla.toLowerCase();
    if (!sizes.has(key)) sizes.set(key, { talla, existencias: stock.existencias });
  }
  return [...sizes.values()].map(formatSizeStock);
}

/** 'existencias': blank is null; otherwise a whole number 0 to MAX_PIECES, or undefined when it is not one. */
function parsePieces(value: string): number | null | undefined {
  if (!value) return null;
  return /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}

/** One data row (keys already normalised) to a product row with its errors and warnings. */
export function parseCsvRow(record: Partial<Record<string, string>>, row: number): CsvProductRow {
  const field = (column: CsvColumn): string => unescapeFormula((record[column] ?? '').trim());
  const errors: string[] = [];
  const warnings: string[] = [];

  const nombre = field('nombre');
  if (!nombre) errors.push(CSV_ERRORS.nameRequired);

  // Cost from 'precio': required, a number above zero.
  let cost: number | null = null;
  if (!field('precio')) errors.push(CSV_ERRORS.priceRequired);
  else {
    cost = parseCsvPrice(field('precio'));
    if (cost === null || cost <= 0) {
      cost = null;
      errors.push(CSV_ERRORS.priceInvalid);
    }
  }

  const categoria = field('categoria');
  if (!categoria) errors.push(CSV_ERRORS.categoryRequired);

  // Original price from 'precio_anterior'; missing or invalid falls back to the cost, with a warning.
  let original: number | null = null;
  let sale: number | null = null;
  if (cost !== null) {
    const previous = parseCsvPrice(field('precio_anterior'));
    if (previous === null || previous <= 0) warnings.push(CSV_WARNINGS.previousPriceInvalid);
    original = previous !== null && previous > 0 ? previous : cost;
    // a sale price in the file (an export) is kept; otherwise the import's rule sets it
    const given = parseCsvPrice(field('precio_venta'));
    sale = given !== null && given > 0 ? given : importSalePrice(original, cost);
    // A price the catalogue cannot store stops the row.
    if (![cost, original, sale].every((amount) => Number.isFinite(amount) && amount <= MAX_AMOUNT)) {
      errors.push(CSV_ERRORS.pricesFailed);
      original = sale = null;
    }
  }

  // Images: http(s) addresses only; anything else is named in a warning and never kept.
  const imagenes: string[] = [];
  for (const image of splitList(field('imagenes'))) {
    if (isHttpUrl(image)) imagenes.push(image);
    else warnings.push(CSV_WARNINGS.imageIgnored(image));
  }
  if (imagenes.length === 0) warnings.push(CSV_WARNINGS.noImages);

  const url = field('url');
  const link_externo = url && isHttpUrl(url) ? url : null;
  if (url && !link_externo) warnings.push(CSV_WARNINGS.linkIgnored(url));

  const id = field('id') || null;
  if (id !== null && !UUID.test(id)) errors.push(CSV_ERRORS.idInvalid);

  const tallas = parseSizes(field('tallas'));
  const existencias = parsePieces(field('existencias'));
  if (tallas === null || existencias === undefined) errors.push(CSV_ERRORS.stockInvalid);

  const margin = sale !== null && cost !== null ? profitMargin(sale, cost) : null;
  return {
    id: id !== null && UUID.test(id) ? id.toLowerCase() : null,
    row,
    nombre,
    costo_compra: cost,
    precio_original: original,
    precio_venta: sale,
    imagenes,
    tallas: tallas ?? [],
    existencias: existencias ?? null,
    descripcion: field('descripcion_html'),
    categoria,
    subcategoria: field('subcategoria'),
    link_externo,
    errors,
    warnings,
    margin,
    marginQuality: marginQuality(margin),
  };
}

/**
 * A whole file: decoded, its delimiter (',', ';' or tab) detected, quoted fields with commas and line
 * breaks kept whole, blank lines skipped. A file with no text, no 'nombre' column in its header or a
 * quote never closed (or closed by another field's quote) is a failure; a header with no data rows is an import of zero rows.
 */
export function parseCsvFile(bytes: ArrayBuffer | Uint8Array): CsvImport | CsvFailure {
  const fail = (reason: string): CsvFailure => ({ ok: false, message: CSV_FILE_ERROR, reason });
  const text = decodeCsvBytes(bytes);
  if (text === null) return fail('not a text file');
  if (!text.trim()) return fail('empty file');

  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: normalizeHeader,
  });
  // An opening quote never closed swallows every row after it, and one closed by a later field's
  // quote ("abierto,100 ... ,"$ 2,0") swallows the rows between: either way rows would vanish
  // without a word, so the file cannot be trusted.
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes' || error.code === 'InvalidQuotes');
  if (unclosed) return fail(`unclosed quote in data row ${(unclosed.row ?? 0) + 1}`);
  const header = parsed.meta.fields ?? [];
  if (!header.includes('nombre')) return fail("no 'nombre' column in the header");

  const rows = parsed.data.map((record, index) => parseCsvRow(record, index + 1));
  const valid = rows.filter((row) => row.errors.length === 0);
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  return {
    ok: true,
    rows,
    valid,
    errorCount: rows.length - valid.length,
    ...(missing.length > 0 ? { headerMissing: missing } : {}),
  };
}

/**
 * The template offered for download: the columns and two example rows. It starts with a UTF-8 BOM so
 * Excel opens it with its accents intact.
 */
export function csvTemplate(): string {
  const rows: Record<(typeof CSV_COLUMNS)[number], string>[] = [
    {
      url: 'https://www.levi.com.mx/chamarra-trucker-clasica',
      nombre: "Chamarra de mezclilla Levi's Trucker",
      precio: '899',
      precio_anterior: '2,199',
      imagenes: 'https://ejemplo.com/imagenes/chamarra-trucker-frente.jpg;https://ejemplo.com/imagenes/chamarra-trucker-espalda.jpg',
      tallas: 'CH;M:3;G:2;EG',
      descripcion_html: '<p>Chamarra de mezclilla, corte clásico y botones metálicos.</p>',
      categoria: 'Ropa',
      subcategoria: 'Chamarras',
      clasificacion: 'Hombre',
    },
    {
      url: 'https://www.nike.com.mx/tenis-air-max-90',
      nombre: 'Tenis Nike Air Max 90',
      precio: '1,450',
      precio_anterior: '2,599',
      imagenes: 'https://ejemplo.com/imagenes/air-max-90-lateral.jpg;https://ejemplo.com/imagenes/air-max-90-suela.jpg',
      tallas: '25 (MX);26;27;28 (MX)',
      descripcion_html: '<p>Tenis con cámara de aire visible, ideales para el día a día.</p>',
      categoria: 'Calzado',
      subcategoria: 'Tenis',
      clasificacion: 'Unisex',
    },
  ];
  return `\uFEFF${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((c) => row[c])) })}`;
}
