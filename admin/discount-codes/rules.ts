/**
 * The rules of 'Códigos': how a code reads in the list (its discount, what it applies to, its days,
 * its uses and where it stands today), the form's checks (the database's own, private.discount_code_rules,
 * in the same words beside each field; the database still checks everything it stores) and the
 * record a save writes. What a code takes off an order is the database's alone
 * (private.discount_code_quote).
 */
import type { Tables } from '@/data/database.types.ts';
import { formatPrice } from '@/lib/money.ts';

export type DiscountCode = Tables<'discount_codes'>;

export const CODE_KINDS = ['porcentaje', 'monto'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** What a code applies to: the whole shop, or one campaign, category or brand. */
export const CODE_SCOPES = ['tienda', 'campana', 'categoria', 'marca'] as const;
export type CodeScope = (typeof CODE_SCOPES)[number];

/** The column that names the campaign, category or brand of each scope. */
export const SCOPE_COLUMNS: Readonly<Record<Exclude<CodeScope, 'tienda'>, 'campaign_id' | 'category_id' | 'brand_id'>> = {
  campana: 'campaign_id',
  categoria: 'category_id',
  marca: 'brand_id',
};

/** The form's values: the columns the team writes, as a form holds them (a blank number is null). */
export interface DiscountCodeValues {
  id?: string;
  codigo?: string | null;
  descripcion?: string | null;
  tipo?: string | null;
  valor?: number | string | null;
  alcance?: string | null;
  campaign_id?: string | null;
  category_id?: string | null;
  brand_id?: string | null;
  compra_minima?: number | string | null;
  fecha_inicio?: string | null;
  fecha_fin?: string | null;
  usos_maximos?: number | string | null;
  usos_por_conexion?: number | string | null;
  activo?: boolean | null;
  /** The uses it has (an edit): the total limit may not go under them. */
  usos?: number | undefined;
}

/** '10%', '12.5%' or '$200.00'. */
export function valueText(code: Pick<DiscountCode, 'tipo' | 'valor'>): string {
  const value = Number(code.valor);
  return code.tipo === 'porcentaje' ? `${Number(value.toFixed(2))}%` : formatPrice(value);
}

/** '3 de 10', or '3' for a code without a total limit. */
export function usesText(code: Pick<DiscountCode, 'usos' | 'usos_maximos'>): string {
  return code.usos_maximos === null ? String(code.usos) : `${code.usos} de ${code.usos_maximos}`;
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** '1 dic 2026' of a 'yyyy-MM-dd' day. */
function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** 'Del 1 dic 2026 al 31 dic 2026', 'Desde el 1 dic 2026', 'Hasta el 31 dic 2026', 'Sin fechas'. */
export function daysText(code: Pick<DiscountCode, 'fecha_inicio' | 'fecha_fin'>): string {
  const { fecha_inicio: from, fecha_fin: to } = code;
  if (from && to) return from === to ? `Solo el ${dayText(from)}` : `Del ${dayText(from)} al ${dayText(to)}`;
  if (from) return `Desde el ${dayText(from)}`;
  if (to) return `Hasta el ${dayText(to)}`;
  return 'Sin fechas';
}

/** Where a code stands today (Mexico City's 'yyyy-MM-dd'), in the order the database refuses it. */
export type CodeStatus = 'activo' | 'inactivo' | 'programado' | 'vencido' | 'agotado';

export function codeStatus(
  code: Pick<DiscountCode, 'activo' | 'fecha_inicio' | 'fecha_fin' | 'usos' | 'usos_maximos'>,
  today: string,
): CodeStatus {
  if (!code.activo) return 'inactivo';
  if (code.fecha_inicio && today < code.fecha_inicio) return 'programado';
  if (code.fecha_fin && today > code.fecha_fin) return 'vencido';
  if (code.usos_maximos !== null && code.usos >= code.usos_maximos) return 'agotado';
  return 'activo';
}

export const STATUS_COLORS: Record<CodeStatus, 'success' | 'default' | 'info' | 'warning' | 'error'> = {
  activo: 'success',
  inactivo: 'default',
  programado: 'info',
  vencido: 'default',
  agotado: 'warning',
};

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const num = (v: unknown): number | null => (blank(v) ? null : Number(v));

/** The code as the shop stores it: trimmed, upper case. */
export const normalizeCodigo = (typed: unknown): string => (typeof typed === 'string' ? typed.trim().toUpperCase() : '');

/**
 * The form's checks, each in the database's words beside its field (an empty object when it may be
 * saved). `editing`: the code itself is not checked again (it never changes).
 */
export function validateDiscountCode(values: DiscountCodeValues, editing = false): Record<string, string> {
  const errors: Record<string, string> = {};
  const codigo = normalizeCodigo(values.codigo);
  if (!editing) {
    if (!codigo) errors['codigo'] = 'Escribe el código';
    else if (!CODE_PATTERN.test(codigo))
      errors['codigo'] = 'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos, sin espacios';
  }
  if (!CODE_KINDS.includes(values.tipo as CodeKind)) errors['tipo'] = 'Elige si el descuento es un porcentaje o un monto fijo';
  const valor = num(values.valor);
  if (valor === null || !Number.isFinite(valor) || valor <= 0) errors['valor'] = 'El descuento debe ser mayor que cero';
  else if (values.tipo === 'porcentaje' && valor > 100) errors['valor'] = 'Un porcentaje de descuento va de 0.01 a 100';
  else if (valor > 1_000_000) errors['valor'] = 'El descuento no puede pasar de $1,000,000';
  const scope = (values.alcance ?? 'tienda') as CodeScope;
  if (scope === 'campana' && blank(values.campaign_id)) errors['campaign_id'] = 'Elige la campaña a la que aplica el código';
  if (scope === 'categoria' && blank(values.category_id)) errors['category_id'] = 'Elige la categoría a la que aplica el código';
  if (scope === 'marca' && blank(values.brand_id)) errors['brand_id'] = 'Elige la marca a la que aplica el código';
  const minimum = num(values.compra_minima);
  if (minimum !== null && (!Number.isFinite(minimum) || minimum < 0)) errors['compra_minima'] = 'La compra mínima no puede ser negativa';
  if (values.fecha_inicio && values.fecha_fin && values.fecha_fin < values.fecha_inicio)
    errors['fecha_fin'] = 'El último día no puede ser anterior al primero';
  for (const field of ['usos_maximos', 'usos_por_conexion'] as const) {
    const limit = num(values[field]);
    if (limit !== null && (!Number.isInteger(limit) || limit < 1)) errors[field] = 'Un límite de usos es de al menos 1 (vacío: sin límite)';
  }
  const total = num(values.usos_maximos);
  if (!errors['usos_maximos'] && total !== null && values.usos !== undefined && total < values.usos)
    errors['usos_maximos'] = `El código ya tiene ${values.usos} usos: el límite no puede ser menor`;
  if (typeof values.descripcion === 'string' && values.descripcion.trim().length > 200)
    errors['descripcion'] = 'La nota tiene más de 200 caracteres';
  return errors;
}

/**
 * What a save writes: the team's columns, blanks as null (no minimum, no days, no limit), the code
 * tidied (only when creating: it never changes), and only the id of what it applies to.
 */
export function toSaveData(values: DiscountCodeValues, editing = false): Record<string, unknown> {
  const scope = (values.alcance ?? 'tienda') as CodeScope;
  const orNull = (v: unknown) => (blank(v) ? null : v);
  const data: Record<string, unknown> = {
    descripcion: orNull(typeof values.descripcion === 'string' ? values.descripcion.trim() : values.descripcion),
    tipo: values.tipo,
    valor: num(values.valor),
    alcance: scope,
    campaign_id: scope === 'campana' ? orNull(values.campaign_id) : null,
    category_id: scope === 'categoria' ? orNull(values.category_id) : null,
    brand_id: scope === 'marca' ? orNull(values.brand_id) : null,
    compra_minima: num(values.compra_minima) || null,
    fecha_inicio: orNull(values.fecha_inicio),
    fecha_fin: orNull(values.fecha_fin),
    usos_maximos: num(values.usos_maximos),
    usos_por_conexion: num(values.usos_por_conexion),
    activo: values.activo ?? true,
  };
  if (!editing) data['codigo'] = normalizeCodigo(values.codigo);
  return data;
}
