import { describe, expect, it } from 'vitest';
import { toCsv } from '../common/csv-export.ts';
import {
  type CampaignRow,
  campaignCsvColumns,
  campaignWaiting,
  codeCsvColumns,
  type DeliveryRow,
  deliveryCsvColumns,
  deliveryCsvRows,
  percentText,
  settingError,
  sizeCsvColumns,
  splitDeliveries,
  waitingByKind,
} from './rules.ts';
import { alertsMessages } from './i18n.ts';

/** The catalogue's own Spanish words, as the screen's translate gives them. */
const t = (key: string, options?: object) => {
  const text = key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], alertsMessages.app);
  if (typeof text !== 'string') throw new Error(`Falta el texto ${key}`);
  const values = (options ?? {}) as Record<string, unknown>;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
};

const sent = (over: Partial<DeliveryRow>): DeliveryRow => ({
  nivel: 'total',
  campaign_id: null,
  campana: null,
  tipo: null,
  canal: null,
  enviados: 0,
  abiertos: 0,
  con_pedido: 0,
  apertura_pct: 0,
  pedido_pct: 0,
  pedido_abiertos_pct: 0,
  ...over,
});

const campaign: CampaignRow = {
  campaign_id: 'c1',
  campana: 'Noche de tenis, edición 2',
  estado: 'anunciada',
  anuncio_desde: '2026-12-01',
  inicia_en: '2026-12-05T02:00:00Z',
  fecha_fin: '2026-12-12',
  apertura_push: 8,
  apertura_email: 4,
  termina_push: 0,
  termina_email: 1,
  talla_push: 2,
  talla_email: 0,
  codigo_descuento: 'NOCHE10',
  codigo_vigente: false,
};

describe('the deliveries report by level', () => {
  it('keeps every kind and both channels, zeros where nothing was sent, and reads figures as numbers', () => {
    const levels = splitDeliveries([
      sent({ enviados: 6, abiertos: 4, con_pedido: 1, apertura_pct: '66.7' as unknown as number, pedido_pct: 16.7 }),
      sent({ nivel: 'tipo', tipo: 'termina', enviados: 2, abiertos: 1 }),
      sent({ nivel: 'canal', canal: 'email', enviados: 6 }),
      sent({ nivel: 'campana', campaign_id: 'c1', campana: 'Noche', tipo: 'termina', enviados: 2 }),
    ]);
    expect(levels.total).toMatchObject({ enviados: 6, apertura_pct: 66.7 });
    expect(levels.kinds.map((k) => [k.tipo, k.enviados])).toEqual([
      ['campana', 0],
      ['talla', 0],
      ['termina', 2],
    ]);
    expect(levels.channels.map((c) => [c.canal, c.enviados])).toEqual([
      ['push', 0],
      ['email', 6],
    ]);
    expect(levels.campaigns).toHaveLength(1);
  });

  it('answers a zero total when the report has none', () => {
    expect(splitDeliveries([]).total).toMatchObject({ nivel: 'total', enviados: 0, pedido_pct: 0 });
  });

  it('writes every level in one CSV, a deleted campaign named as such', () => {
    const levels = splitDeliveries([
      sent({ enviados: 3, abiertos: 3, con_pedido: 1, apertura_pct: 100, pedido_pct: 33.3, pedido_abiertos_pct: 33.3 }),
      sent({ nivel: 'campana', tipo: 'campana', campaign_id: 'gone', enviados: 3, abiertos: 3, con_pedido: 1 }),
    ]);
    const lines = toCsv(deliveryCsvColumns(t), deliveryCsvRows(levels)).split('\r\n');
    expect(lines[0]).toBe('Nivel,Qué,Tipo de aviso,Enviados,Abiertos,% abiertos,Con pedido,% con pedido,% con pedido de los abiertos');
    expect(lines[1]).toBe('Total,Todos los avisos,,3,3,100,1,33.3,33.3');
    expect(lines[2]).toBe('Tipo,Apertura de campaña,Apertura de campaña,0,0,0,0,0,0');
    expect(lines.at(-1)).toBe('Campaña,Campaña borrada,Apertura de campaña,3,3,0,1,0,0');
    expect(lines).toHaveLength(1 + 1 + 3 + 2 + 1);
  });
});

describe('who waits', () => {
  it('lists the three kinds in order, zeros for a kind the answer lacks', () => {
    expect(waitingByKind([{ tipo: 'termina', personas: 2, push: 1, email: 1, solicitudes: 3, por_confirmar: 4 }])).toEqual([
      { tipo: 'campana', personas: 0, push: 0, email: 0, solicitudes: 0, por_confirmar: 0 },
      { tipo: 'talla', personas: 0, push: 0, email: 0, solicitudes: 0, por_confirmar: 0 },
      { tipo: 'termina', personas: 2, push: 1, email: 1, solicitudes: 3, por_confirmar: 4 },
    ]);
  });

  it("reads a campaign's people of each kind by channel", () => {
    expect(campaignWaiting(campaign, 'campana')).toEqual({ push: 8, email: 4, total: 12 });
    expect(campaignWaiting(campaign, 'termina')).toEqual({ push: 0, email: 1, total: 1 });
    expect(campaignWaiting(campaign, 'talla')).toEqual({ push: 2, email: 0, total: 2 });
  });

  it("writes the campaigns' CSV with each kind by channel, the code and whether alerts print it", () => {
    const lines = toCsv(campaignCsvColumns(t), [
      campaign,
      { ...campaign, campaign_id: 'c2', campana: 'Sin código', codigo_descuento: null },
    ]).split('\r\n');
    expect(lines[0]).toBe(
      'Campaña,Estado,Empieza,Termina,Esperan la apertura (push),Esperan la apertura (correo),Esperan el fin (push),Esperan el fin (correo),Esperan talla (push),Esperan talla (correo),Código de los avisos,Código en los avisos',
    );
    expect(lines[1]).toBe('"Noche de tenis, edición 2",Anunciada,04/12/2026 20:00,12/12/2026,8,4,0,1,2,0,NOCHE10,No');
    expect(lines[2]).toBe('Sin código,Anunciada,04/12/2026 20:00,12/12/2026,8,4,0,1,2,0,,');
  });

  it("writes the sizes' CSV, a size of any kind as 'Cualquiera'", () => {
    const lines = toCsv(sizeCsvColumns(t), [
      {
        product_id: 'p1',
        producto: 'Tenis runner',
        marca: 'Nike',
        campana: 'Termina hoy',
        talla: null,
        push: 1,
        email: 2,
        personas: 3,
        desde: '2026-12-01T18:00:00Z',
        a_la_venta: false,
      },
    ]).split('\r\n');
    expect(lines).toEqual([
      'Producto,Marca,Campaña,Talla,Push,Correo,Personas,Esperan desde,A la venta',
      'Tenis runner,Nike,Termina hoy,Cualquiera,1,2,3,01/12/2026 12:00,No',
    ]);
  });
});

describe("the codes' uses", () => {
  it('writes money with two decimals and the code as typed', () => {
    const lines = toCsv(codeCsvColumns(t), [
      { code_id: 'x', codigo: 'BIENVENIDA', activo: true, pedidos: 3, usos: 2, pagados: 1, descuento: 100, ventas: 1049, desde_avisos: 1 },
    ]).split('\r\n');
    expect(lines).toEqual([
      'Código,Activo,Pedidos,Usos vigentes,Pagados,Descuento (pagados),Ventas (pagados),Desde avisos',
      'BIENVENIDA,Sí,3,2,1,100.00,1049.00,1',
    ]);
  });
});

describe('rates and settings', () => {
  it('writes a rate with one decimal at most', () => {
    expect(percentText(66.7)).toBe('66.7%');
    expect(percentText('25.0')).toBe('25%');
    expect(percentText(null)).toBe('0%');
  });

  it('takes each setting only as a whole number in its range, saying the range', () => {
    expect(settingError('piezas_por_aviso')(3)).toBeUndefined();
    expect(settingError('piezas_por_aviso')(0)).toEqual({ message: 'app.alerts.settings_range', args: { min: 1, max: 50 } });
    expect(settingError('hora_aviso_fin')(0)).toBeUndefined();
    expect(settingError('hora_aviso_fin')(23.5)).toEqual({ message: 'app.alerts.settings_range', args: { min: 0, max: 23 } });
    expect(settingError('dias_max')(366)).toEqual({ message: 'app.alerts.settings_range', args: { min: 7, max: 365 } });
    expect(settingError('dias_max')(null)).toBeDefined();
  });
});
