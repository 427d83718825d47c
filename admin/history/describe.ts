/**
 * How the history reads in Spanish: the kind of record, what was done, and each changed field as
 * "antes → después". Pure: the screens only lay it out.
 */
import { formatMexicoCityDateTime } from '@/lib/dates.ts';

export const SUBJECT_LABELS: Record<string, string> = {
  product: 'Producto',
  campaign: 'Campaña',
  brand: 'Marca',
  category: 'Categoría',
  subcategory: 'Subcategoría',
  size_guide: 'Guía de tallas',
  settings: 'Configuración',
  home: 'Portada',
  team: 'Equipo',
  order: 'Pedido',
  discount_code: 'Código de descuento',
};

const TABLE_LABELS: Record<string, string> = {
  products: 'producto',
  product_private: 'datos internos',
  product_sizes: 'talla',
  product_images: 'imagen',
  campaigns: 'campaña',
  brands: 'marca',
  categories: 'categoría',
  subcategories: 'subcategoría',
  size_guides: 'guía de tallas',
  shop_settings: 'configuración',
  hero_images: 'imagen de portada',
  banner_images: 'banner de marcas',
  featured_categories: 'categoría destacada',
  'auth.users': 'cuenta',
  orders: 'pedido',
  discount_codes: 'código de descuento',
  alert_settings: 'avisos',
  campaign_alerts: 'código de sus avisos',
};

const VERBS: Record<string, string> = { insert: 'Creó', update: 'Cambió', delete: 'Borró' };

/** The team's actions as the admin-users function records them (request 'POST /functions/admin-users <action>'). */
const TEAM_ACTIONS: Record<string, string> = {
  invite: 'Invitó a',
  set_role: 'Cambió el rol de',
  deactivate: 'Desactivó a',
  reactivate: 'Reactivó a',
  reset_password: 'Envió un enlace de contraseña a',
  reset_two_factor: 'Quitó la verificación en dos pasos de',
  // written by the two-step hook (request 'POST /auth/v1/factors/verify <action>')
  two_factor_locked: 'Bloqueó por códigos incorrectos la verificación en dos pasos de',
  two_factor_refused: 'Rechazó, por bloqueo, un código en dos pasos de',
};

/** Columns by the names the forms give them; any other shows as the column's own name. */
const FIELD_LABELS: Record<string, string> = {
  nombre: 'Nombre',
  descripcion: 'Descripción',
  marca: 'Marca',
  precio_original: 'Precio original',
  precio_venta: 'Precio de venta',
  costo_compra: 'Costo de compra',
  link_externo: 'Link externo',
  permalink: 'Permalink',
  destacado: 'Destacado',
  orden_destacado: 'Orden en destacados',
  imagen_principal: 'Imagen principal',
  image_url: 'Imagen',
  talla: 'Talla',
  tipo_talla: 'Tipo de talla',
  filas: 'Tabla de tallas',
  nota: 'Nota',
  orden: 'Orden',
  campaign_id: 'Campaña',
  category_id: 'Categoría',
  subcategory_id: 'Subcategoría',
  brand_id: 'Marca (catálogo)',
  fecha_inicio: 'Fecha de inicio',
  fecha_fin: 'Fecha de fin',
  anuncio_desde: 'Anunciar desde',
  codigo_descuento: 'Código de descuento',
  piezas_por_aviso: 'Personas avisadas por pieza que vuelve',
  hora_aviso_fin: 'Hora del aviso de fin de campaña',
  dias_max: 'Días que se guarda una solicitud',
  hora_inicio: 'Hora de inicio',
  teaser_url: 'Imagen del anuncio',
  inicia_en: 'Empieza',
  abierta_en: 'Abrió',
  display_name: 'Nombre',
  active: 'Activa',
  activa: 'Activa',
  role: 'Rol',
  status: 'Estado',
  two_factor: 'Verificación en dos pasos',
  failed_codes: 'Códigos incorrectos',
  agotado: 'Agotado',
  // before stock per size, a size was sold once (older history keeps it)
  sold_at: 'Vendida',
  existencias: 'Existencias',
  apartadas: 'Apartadas',
  paid_at: 'Pagado el',
  held_until: 'Apartado hasta',
  hold_ended_at: 'Apartado terminó el',
  hold_end_reason: 'Fin del apartado',
  hold_minutes: 'Tiempo de apartado (minutos)',
  max_held_per_network: 'Piezas apartadas por conexión',
  notes: 'Notas',
  tracking_number: 'Número de guía',
  tracking_url: 'Enlace de rastreo',
  codigo: 'Código',
  tipo: 'Tipo de descuento',
  valor: 'Descuento',
  alcance: 'Aplica a',
  compra_minima: 'Compra mínima',
  usos_maximos: 'Usos en total',
  usos_por_conexion: 'Usos por conexión',
  activo: 'Activo',
};

/** Columns that say nothing to a person (ids the row label already names). */
const HIDDEN_FIELDS = new Set(['id', 'product_id']);

export interface ChangeLike {
  table_name: string;
  action: string;
  request: string | null;
  before: unknown;
  after: unknown;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** An instant as Postgres writes it in JSON ('2026-11-27T20:30:00.123+00:00'); a date alone ('2026-11-27') is not one. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** One value as a person reads it: '—' for nothing, lists joined, yes/no for booleans, instants on the Mexico City clock. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && INSTANT.test(value)) return formatMexicoCityDateTime(value, 'minutes');
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** 'Cambió talla', 'Creó producto', 'Invitó a' (team)… */
export function describeAction(change: ChangeLike): string {
  if (change.table_name === 'auth.users') {
    const action = change.request?.split(' ').pop() ?? '';
    return TEAM_ACTIONS[action] ?? 'Cambió la cuenta de';
  }
  return `${VERBS[change.action] ?? change.action} ${TABLE_LABELS[change.table_name] ?? change.table_name}`;
}

/** Each field the change touched, before and after (a creation has only 'after', a deletion only 'before'). */
export function fieldChanges(change: ChangeLike): FieldChange[] {
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !HIDDEN_FIELDS.has(f));
  return fields
    .filter((f) => change.action !== 'insert' || (after[f] !== null && after[f] !== ''))
    .map((field) => ({ field: FIELD_LABELS[field] ?? field, before: formatValue(before[field]), after: formatValue(after[field]) }));
}

/** The person as the history shows them: their email, else the service or the database. */
export function actorLabel(email: string | null, role: string | null): string {
  if (email) return email;
  if (role === 'service_role') return 'Servicio (importación o tarea programada)';
  return 'Base de datos';
}
