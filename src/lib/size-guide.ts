/**
 * Size guides: a table of Mexican, US and European sizes with body measurements in cm, for one kind of
 * size (ropa, calzado, pantalon). The database checks every guide it stores
 * (supabase/schemas/03_size_guides.sql, private.check_size_guide); these are the same rules for the
 * back office's form and the product page, and tests/db/size-guides.test.ts runs their cases through
 * both.
 */

/** The kinds of size a category or subcategory uses (categories.tipo_talla / subcategories.tipo_talla). */
export const SIZE_KINDS = ['ropa', 'pantalon', 'calzado'] as const;
export type SizeKind = (typeof SIZE_KINDS)[number];

export const SIZE_KIND_LABELS: Readonly<Record<SizeKind, string>> = { ropa: 'Ropa', pantalon: 'Pantalón', calzado: 'Calzado' };

export function isSizeKind(value: unknown): value is SizeKind {
  return typeof value === 'string' && (SIZE_KINDS as readonly string[]).includes(value);
}

/** A subcategory's kind overrides its category's; null when neither has one (bags, watches). */
export function kindOf(categoryKind: string | null | undefined, subcategoryKind: string | null | undefined): SizeKind | null {
  if (isSizeKind(subcategoryKind)) return subcategoryKind;
  return isSizeKind(categoryKind) ? categoryKind : null;
}

export const MEASURES = ['pecho', 'cintura', 'cadera', 'entrepierna', 'pie'] as const;
export type Measure = (typeof MEASURES)[number];

/** The measurement columns of each kind, in table order (SQL: private.size_guide_measures). */
export const SIZE_GUIDE_MEASURES: Readonly<Record<SizeKind, readonly Measure[]>> = {
  ropa: ['pecho', 'cintura', 'cadera'],
  pantalon: ['cintura', 'cadera', 'entrepierna'],
  calzado: ['pie'],
};

export const MEASURE_LABELS: Readonly<Record<Measure, string>> = {
  pecho: 'Pecho',
  cintura: 'Cintura',
  cadera: 'Cadera',
  entrepierna: 'Entrepierna',
  pie: 'Largo del pie',
};

/** How to take each measurement, for the shopper. */
export const MEASURE_HINTS: Readonly<Record<Measure, string>> = {
  pecho: 'Alrededor de la parte más ancha del pecho, con la cinta horizontal.',
  cintura: 'Alrededor de la parte más estrecha de la cintura, sin apretar.',
  cadera: 'Alrededor de la parte más ancha de la cadera, con los pies juntos.',
  entrepierna: 'Por dentro de la pierna, de la entrepierna al tobillo.',
  pie: 'Del talón a la punta del dedo más largo, de pie sobre una hoja.',
};

export const SIZE_COLUMNS = ['mx', 'us', 'eu'] as const;
export type SizeColumn = (typeof SIZE_COLUMNS)[number];
export const SIZE_COLUMN_LABELS: Readonly<Record<SizeColumn, string>> = { mx: 'MX', us: 'US', eu: 'EU' };

/** One size of a guide: its MX size (required), US and EU sizes and its kind's measurements, as texts. */
export type SizeGuideRow = { mx: string } & Partial<Record<Exclude<SizeColumn, 'mx'> | Measure, string>>;

export interface SizeGuide {
  id: string;
  nombre: string;
  tipo_talla: SizeKind;
  filas: SizeGuideRow[];
  nota: string | null;
}

export const GUIDE_LIMITS = { nombre: 80, filas: 40, talla: 12, nota: 500, minCm: 1, maxCm: 250 } as const;

/** The columns a guide of this kind shows, in order: MX, US, EU, then its measurements. */
export function guideColumns(kind: SizeKind): { key: SizeColumn | Measure; label: string; cm: boolean }[] {
  return [
    ...SIZE_COLUMNS.map((key) => ({ key, label: SIZE_COLUMN_LABELS[key], cm: false })),
    ...SIZE_GUIDE_MEASURES[kind].map((key) => ({ key, label: MEASURE_LABELS[key], cm: true })),
  ];
}

/** A measurement as the database stores it: trimmed, '88 – 92' → '88-92', '24,5' → '24.5'. */
export function normalizeMeasure(value: string): string {
  return value
    .trim()
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/,/g, '.');
}

const MEASURE = /^[0-9]{1,3}(\.[0-9])?(-[0-9]{1,3}(\.[0-9])?)?$/;

/** Why a measurement cell is refused ('' and blanks are fine: the cell is left empty), or null. */
export function measureError(value: string): string | null {
  const v = normalizeMeasure(value);
  if (v === '') return null;
  if (!MEASURE.test(v)) return `«${v}» no es una medida en cm (escribe 88 o 88-92)`;
  const [from, to] = v.split('-').map(Number) as [number, number | undefined];
  if (from < GUIDE_LIMITS.minCm || from > GUIDE_LIMITS.maxCm || (to !== undefined && (to < GUIDE_LIMITS.minCm || to > GUIDE_LIMITS.maxCm)))
    return `${v} cm no es una medida posible (de 1 a 250)`;
  if (to !== undefined && to <= from) return `en el rango ${v} la primera medida debe ser menor`;
  return null;
}

/** A guide as stored, or null when its data is not a guide (a kind or rows the shop cannot show). */
export function toSizeGuide(row: {
  id: string;
  nombre: string;
  tipo_talla: string;
  filas: unknown;
  nota: string | null;
}): SizeGuide | null {
  if (!isSizeKind(row.tipo_talla) || !Array.isArray(row.filas)) return null;
  const keys = new Set<string>([...SIZE_COLUMNS, ...SIZE_GUIDE_MEASURES[row.tipo_talla]]);
  const filas = row.filas.flatMap((f): SizeGuideRow[] => {
    if (typeof f !== 'object' || f === null || typeof (f as { mx?: unknown }).mx !== 'string') return [];
    const clean = Object.fromEntries(Object.entries(f).filter(([k, v]) => keys.has(k) && typeof v === 'string' && v !== ''));
    return [clean as SizeGuideRow];
  });
  if (filas.length === 0) return null;
  return { id: row.id, nombre: row.nombre, tipo_talla: row.tipo_talla, filas, nota: row.nota };
}

const fold = (s: string) => s.trim().toLowerCase();

/**
 * The size a row is sold as in this shop: the first of its MX, US and EU sizes that the product lists
 * (a shop may label clothes S/M/L while the guide leads with CH/M/G), else its MX size.
 */
export function shopSizeOfRow(row: SizeGuideRow, productSizes: readonly string[]): string {
  const listed = new Map(productSizes.map((s) => [fold(s), s.trim()]));
  for (const column of SIZE_COLUMNS) {
    const value = row[column];
    const hit = value ? listed.get(fold(value)) : undefined;
    if (hit) return hit;
  }
  return row.mx;
}
