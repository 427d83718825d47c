/**
 * The rules of 'Avisos' that are not the database's: the reports' rows as the screen reads them (the
 * columns that may be null said so), the deliveries report split into its levels with every kind and
 * channel present, how a rate and a split by channel read, and what each CSV file holds. Counts and
 * rates themselves are the database's (27_alerts_reports.sql); nothing here computes one.
 */
import type { CsvColumn } from '../common/csv-export.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';

export const ALERT_KINDS = ['campana', 'talla', 'termina'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const CHANNELS = ['push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export type CampaignState = 'por_anunciar' | 'anunciada' | 'en_curso';

/** public.get_alert_waiting_summary: people waiting now, per kind. */
export interface WaitingRow {
  tipo: AlertKind;
  personas: number;
  push: number;
  email: number;
  solicitudes: number;
  /** Emails whose requests of this kind wait for their owner's confirmation (not told until then). */
  por_confirmar: number;
}

/** public.get_alert_campaigns_report: a campaign not ended, its people waiting and its alerts' code. */
export interface CampaignRow {
  campaign_id: string;
  campana: string;
  estado: CampaignState;
  anuncio_desde: string | null;
  inicia_en: string | null;
  fecha_fin: string;
  apertura_push: number;
  apertura_email: number;
  termina_push: number;
  termina_email: number;
  talla_push: number;
  talla_email: number;
  codigo_descuento: string | null;
  codigo_vigente: boolean;
}

/** public.get_alert_size_waits_report: a size people wait for (talla null: any size). */
export interface SizeWaitRow {
  product_id: string;
  producto: string;
  marca: string | null;
  campana: string | null;
  talla: string | null;
  push: number;
  email: number;
  personas: number;
  desde: string;
  a_la_venta: boolean;
}

/** public.get_alert_deliveries_report: alerts sent in a period, at one level. */
export interface DeliveryRow {
  nivel: 'total' | 'tipo' | 'canal' | 'campana';
  campaign_id: string | null;
  campana: string | null;
  tipo: AlertKind | null;
  canal: Channel | null;
  enviados: number;
  abiertos: number;
  con_pedido: number;
  apertura_pct: number;
  pedido_pct: number;
  pedido_abiertos_pct: number;
}

/** public.get_discount_code_uses_report: a code's orders in a period. */
export interface CodeUseRow {
  code_id: string;
  codigo: string;
  activo: boolean;
  pedidos: number;
  usos: number;
  pagados: number;
  descuento: number;
  ventas: number;
  desde_avisos: number;
}

const NONE_SENT = { enviados: 0, abiertos: 0, con_pedido: 0, apertura_pct: 0, pedido_pct: 0, pedido_abiertos_pct: 0 };

function emptyRow(nivel: DeliveryRow['nivel'], tipo: AlertKind | null, canal: Channel | null): DeliveryRow {
  return { nivel, campaign_id: null, campana: null, tipo, canal, ...NONE_SENT };
}

export interface DeliveryLevels {
  total: DeliveryRow;
  /** Every kind, in ALERT_KINDS order, zeros for a kind nothing was sent of. */
  kinds: DeliveryRow[];
  /** Push then email, zeros included. */
  channels: DeliveryRow[];
  /** Per campaign and kind, as the database ordered them (most sent first). */
  campaigns: DeliveryRow[];
}

/** The deliveries report by level; figures are read as numbers (PostgREST may hand numerics as text). */
export function splitDeliveries(rows: readonly DeliveryRow[]): DeliveryLevels {
  const read = rows.map((r) => ({
    ...r,
    enviados: Number(r.enviados),
    abiertos: Number(r.abiertos),
    con_pedido: Number(r.con_pedido),
    apertura_pct: Number(r.apertura_pct),
    pedido_pct: Number(r.pedido_pct),
    pedido_abiertos_pct: Number(r.pedido_abiertos_pct),
  }));
  return {
    total: read.find((r) => r.nivel === 'total') ?? emptyRow('total', null, null),
    kinds: ALERT_KINDS.map((tipo) => read.find((r) => r.nivel === 'tipo' && r.tipo === tipo) ?? emptyRow('tipo', tipo, null)),
    channels: CHANNELS.map((canal) => read.find((r) => r.nivel === 'canal' && r.canal === canal) ?? emptyRow('canal', null, canal)),
    campaigns: read.filter((r) => r.nivel === 'campana'),
  };
}

/** Every kind of the waiting summary, in ALERT_KINDS order, zeros where the answer lacks one. */
export function waitingByKind(rows: readonly WaitingRow[]): WaitingRow[] {
  return ALERT_KINDS.map((tipo) => {
    const row = rows.find((r) => r.tipo === tipo);
    return {
      tipo,
      personas: Number(row?.personas ?? 0),
      push: Number(row?.push ?? 0),
      email: Number(row?.email ?? 0),
      solicitudes: Number(row?.solicitudes ?? 0),
      por_confirmar: Number(row?.por_confirmar ?? 0),
    };
  });
}

/** A rate as the screens write it: '66.7%', '0%' (es-MX digits, one decimal at most). */
export function percentText(value: number | string | null | undefined): string {
  return `${Number(value ?? 0).toLocaleString('es-MX', { maximumFractionDigits: 1 })}%`;
}

/** A count as the screens write it: '1,234'. */
export function countText(value: number | string | null | undefined): string {
  return Number(value ?? 0).toLocaleString('es-MX');
}

/** The campaign report's columns of each kind, by push and by email. */
const WAITING_COLUMNS = {
  campana: ['apertura_push', 'apertura_email'],
  termina: ['termina_push', 'termina_email'],
  talla: ['talla_push', 'talla_email'],
} as const satisfies Record<AlertKind, readonly [keyof CampaignRow, keyof CampaignRow]>;

/** The people of one kind waiting for a campaign, by push, by email and both. */
export function campaignWaiting(row: CampaignRow, kind: AlertKind): { push: number; email: number; total: number } {
  const [pushColumn, emailColumn] = WAITING_COLUMNS[kind];
  const push = Number(row[pushColumn]);
  const email = Number(row[emailColumn]);
  return { push, email, total: push + email };
}

type Translate = (key: string, options?: object) => string;

/** '15/12/2026 20:00' on the Mexico City clock, or '' without an instant. */
const instant = (value: string | null) => (value ? formatMexicoCityDateTime(value, 'minutes') : '');
/** '31/12/2026' of a 'yyyy-MM-dd' day, or ''. */
export const dayText = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

/** 'Avisos por campaña': one line per campaign, each kind by channel, its code and whether alerts print it. */
export function campaignCsvColumns(t: Translate): CsvColumn<CampaignRow>[] {
  const yesNo = (value: boolean) => t(value ? 'app.alerts.yes' : 'app.alerts.no');
  return [
    { header: t('app.alerts.col.campaign'), value: (r) => r.campana },
    { header: t('app.alerts.col.state'), value: (r) => t(`app.alerts.state.${r.estado}`) },
    { header: t('app.alerts.col.opens'), value: (r) => instant(r.inicia_en) },
    { header: t('app.alerts.col.ends'), value: (r) => dayText(r.fecha_fin) },
    { header: t('app.alerts.csv.opening_push'), value: (r) => Number(r.apertura_push) },
    { header: t('app.alerts.csv.opening_email'), value: (r) => Number(r.apertura_email) },
    { header: t('app.alerts.csv.ending_push'), value: (r) => Number(r.termina_push) },
    { header: t('app.alerts.csv.ending_email'), value: (r) => Number(r.termina_email) },
    { header: t('app.alerts.csv.sizes_push'), value: (r) => Number(r.talla_push) },
    { header: t('app.alerts.csv.sizes_email'), value: (r) => Number(r.talla_email) },
    { header: t('app.alerts.col.code'), value: (r) => r.codigo_descuento ?? '' },
    { header: t('app.alerts.csv.code_printed'), value: (r) => (r.codigo_descuento ? yesNo(r.codigo_vigente) : '') },
  ];
}

/** 'Tallas esperadas': one line per size. */
export function sizeCsvColumns(t: Translate): CsvColumn<SizeWaitRow>[] {
  return [
    { header: t('app.alerts.col.product'), value: (r) => r.producto },
    { header: t('app.alerts.col.brand'), value: (r) => r.marca ?? '' },
    { header: t('app.alerts.col.campaign'), value: (r) => r.campana ?? '' },
    { header: t('app.alerts.col.size'), value: (r) => r.talla ?? t('app.alerts.any_size') },
    { header: t('app.alerts.col.push'), value: (r) => Number(r.push) },
    { header: t('app.alerts.col.email'), value: (r) => Number(r.email) },
    { header: t('app.alerts.col.people'), value: (r) => Number(r.personas) },
    { header: t('app.alerts.col.since'), value: (r) => instant(r.desde) },
    { header: t('app.alerts.col.for_sale'), value: (r) => t(r.a_la_venta ? 'app.alerts.yes' : 'app.alerts.no') },
  ];
}

/** What a delivery row is about: its campaign (or 'Campaña borrada'), kind or channel, for the CSV. */
function deliveryLabel(r: DeliveryRow, t: Translate): string {
  if (r.nivel === 'total') return t('app.alerts.all_alerts');
  if (r.nivel === 'canal') return t(`app.alerts.channel.${r.canal}`);
  if (r.nivel === 'tipo') return t(`app.alerts.kind.${r.tipo}`);
  return r.campana ?? t('app.alerts.deleted_campaign');
}

/** 'Avisos enviados': the total, each kind, each channel, then each campaign and kind. */
export function deliveryCsvRows(levels: DeliveryLevels): DeliveryRow[] {
  return [levels.total, ...levels.kinds, ...levels.channels, ...levels.campaigns];
}

export function deliveryCsvColumns(t: Translate): CsvColumn<DeliveryRow>[] {
  return [
    { header: t('app.alerts.col.level'), value: (r) => t(`app.alerts.level.${r.nivel}`) },
    { header: t('app.alerts.col.what'), value: (r) => deliveryLabel(r, t) },
    { header: t('app.alerts.col.kind'), value: (r) => (r.tipo ? t(`app.alerts.kind.${r.tipo}`) : '') },
    { header: t('app.alerts.col.sent'), value: (r) => r.enviados },
    { header: t('app.alerts.col.opened'), value: (r) => r.abiertos },
    { header: t('app.alerts.col.open_rate'), value: (r) => r.apertura_pct },
    { header: t('app.alerts.col.with_order'), value: (r) => r.con_pedido },
    { header: t('app.alerts.col.order_rate'), value: (r) => r.pedido_pct },
    { header: t('app.alerts.col.order_of_opened'), value: (r) => r.pedido_abiertos_pct },
  ];
}

/** 'Usos de los códigos': one line per code, money as plain numbers with two decimals. */
export function codeCsvColumns(t: Translate): CsvColumn<CodeUseRow>[] {
  const money = (value: number | string) => Number(value).toFixed(2);
  return [
    { header: t('app.alerts.col.discount_code'), value: (r) => r.codigo },
    { header: t('app.alerts.col.active'), value: (r) => t(r.activo ? 'app.alerts.yes' : 'app.alerts.no') },
    { header: t('app.alerts.col.orders'), value: (r) => Number(r.pedidos) },
    { header: t('app.alerts.col.uses'), value: (r) => Number(r.usos) },
    { header: t('app.alerts.col.paid'), value: (r) => Number(r.pagados) },
    { header: t('app.alerts.col.discount'), value: (r) => money(r.descuento) },
    { header: t('app.alerts.col.sales'), value: (r) => money(r.ventas) },
    { header: t('app.alerts.col.from_alerts'), value: (r) => Number(r.desde_avisos) },
  ];
}

/** The alert settings' ranges (the database's own, private.alert_settings_rules). */
export const SETTINGS_RANGES = {
  piezas_por_aviso: { min: 1, max: 50 },
  hora_aviso_fin: { min: 0, max: 23 },
  dias_max: { min: 7, max: 365 },
} as const;
export type AlertSetting = keyof typeof SETTINGS_RANGES;

/** A react-admin validator of one setting: a whole number in its range, else the message with the range. */
export function settingError(setting: AlertSetting) {
  const range = SETTINGS_RANGES[setting];
  return (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max
      ? undefined
      : { message: 'app.alerts.settings_range', args: { min: range.min, max: range.max } };
}
