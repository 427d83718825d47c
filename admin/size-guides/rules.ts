/**
 * The size guide form's rules: who a guide belongs to, the rows a new table starts from, the form's
 * checks (the database's own, private.check_size_guide, in words next to each field; the database
 * still checks everything it stores), and the record a save writes.
 */
import {
  GUIDE_LIMITS,
  isSizeKind,
  MEASURES,
  measureError,
  normalizeMeasure,
  SIZE_COLUMNS,
  SIZE_GUIDE_MEASURES,
  type SizeGuideRow,
  type SizeKind,
} from '@/lib/size-guide.ts';

/** Who a guide belongs to: a category, a subcategory, or a brand (for one kind of size). */
export type OwnerKind = 'category' | 'subcategory' | 'brand';

export const OWNER_COLUMNS: Readonly<Record<OwnerKind, 'category_id' | 'subcategory_id' | 'brand_id'>> = {
  category: 'category_id',
  subcategory: 'subcategory_id',
  brand: 'brand_id',
};

/** The form's values: the table's columns plus `owner_kind`, which only the form has. */
export interface SizeGuideValues {
  nombre?: string | null;
  tipo_talla?: string | null;
  owner_kind?: OwnerKind | null;
  category_id?: string | null;
  subcategory_id?: string | null;
  brand_id?: string | null;
  filas?: Partial<Record<string, string | null>>[] | null;
  nota?: string | null;
}

/** The owner a stored guide has (a new one: a category). */
export function ownerKindOf(record: Pick<SizeGuideValues, 'brand_id' | 'subcategory_id'> | undefined): OwnerKind {
  if (record?.brand_id) return 'brand';
  if (record?.subcategory_id) return 'subcategory';
  return 'category';
}

const CLOTHING: readonly SizeGuideRow[] = [
  { mx: 'XCH', us: 'XS' },
  { mx: 'CH', us: 'S' },
  { mx: 'M', us: 'M' },
  { mx: 'G', us: 'L' },
  { mx: 'EG', us: 'XL' },
  { mx: '2EG', us: 'XXL' },
];

/** The rows a new table of this kind starts from: common sizes to complete with their measurements. */
export function starterRows(kind: SizeKind): SizeGuideRow[] {
  if (kind === 'ropa') return CLOTHING.map((r) => ({ ...r }));
  if (kind === 'pantalon') return ['28', '30', '32', '34', '36', '38'].map((w) => ({ mx: w, us: w }));
  return Array.from({ length: 19 }, (_, i) => {
    const cm = String(22 + i / 2);
    return { mx: cm, pie: cm };
  });
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

type RowErrors = Partial<Record<string, string>>;

/**
 * The form's errors, shaped like its values (react-admin's form-level validation): a message per
 * field, and per cell of the table; nothing when the guide can be saved.
 */
export function validateSizeGuide(values: SizeGuideValues): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const nombre = text(values.nombre);
  if (!nombre) errors['nombre'] = 'Escribe el nombre de la guía';
  else if (nombre.length > GUIDE_LIMITS.nombre) errors['nombre'] = `Máximo ${GUIDE_LIMITS.nombre} caracteres`;
  const kind = isSizeKind(values.tipo_talla) ? values.tipo_talla : null;
  if (!kind) errors['tipo_talla'] = 'Elige el tipo de talla';
  const owner = values.owner_kind ?? 'category';
  const ownerColumn = OWNER_COLUMNS[owner];
  if (!values[ownerColumn]) {
    errors[ownerColumn] = { category: 'Elige la categoría', subcategory: 'Elige la subcategoría', brand: 'Elige la marca' }[owner];
  }
  if (text(values.nota).length > GUIDE_LIMITS.nota) errors['nota'] = `Máximo ${GUIDE_LIMITS.nota} caracteres`;

  const filas = values.filas ?? [];
  if (filas.length === 0) errors['filas'] = 'Agrega al menos una fila de tallas';
  else if (filas.length > GUIDE_LIMITS.filas) errors['filas'] = `Máximo ${GUIDE_LIMITS.filas} filas`;
  else {
    const measures = kind ? SIZE_GUIDE_MEASURES[kind] : MEASURES;
    const seen = new Map<string, number>();
    const rowErrors: RowErrors[] = filas.map((row, i) => {
      const e: RowErrors = {};
      const mx = text(row?.['mx']);
      if (!mx) e['mx'] = 'Falta la talla MX';
      else if (seen.has(mx.toLowerCase())) e['mx'] = `Repetida (fila ${(seen.get(mx.toLowerCase()) ?? 0) + 1})`;
      else seen.set(mx.toLowerCase(), i);
      for (const column of SIZE_COLUMNS) {
        if (text(row?.[column]).length > GUIDE_LIMITS.talla) e[column] = `Máximo ${GUIDE_LIMITS.talla} caracteres`;
      }
      for (const m of measures) {
        const problem = measureError(text(row?.[m]));
        if (problem) e[m] = problem.startsWith('«') ? 'Escribe cm: 88 o 88-92' : problem.charAt(0).toUpperCase() + problem.slice(1);
      }
      return e;
    });
    if (rowErrors.some((e) => Object.keys(e).length > 0)) errors['filas'] = rowErrors;
  }
  return errors;
}

/**
 * What a save writes: the chosen owner's id (the others null), each row with its sizes and only its
 * kind's measurements, blank cells dropped; a blank note is no note.
 */
export function toSaveData(values: SizeGuideValues): Record<string, unknown> {
  const kind = isSizeKind(values.tipo_talla) ? values.tipo_talla : 'ropa';
  const owner = values.owner_kind ?? 'category';
  const keys = [...SIZE_COLUMNS, ...SIZE_GUIDE_MEASURES[kind]];
  const filas = (values.filas ?? []).map((row) =>
    Object.fromEntries(
      keys.flatMap((k) => {
        const v = text(row?.[k]);
        if (!v) return [];
        return [[k, (SIZE_COLUMNS as readonly string[]).includes(k) ? v : normalizeMeasure(v)]];
      }),
    ),
  );
  return {
    nombre: text(values.nombre),
    tipo_talla: kind,
    category_id: owner === 'category' ? (values.category_id ?? null) : null,
    subcategory_id: owner === 'subcategory' ? (values.subcategory_id ?? null) : null,
    brand_id: owner === 'brand' ? (values.brand_id ?? null) : null,
    filas,
    nota: text(values.nota) || null,
  };
}
