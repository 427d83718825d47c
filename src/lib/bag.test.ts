import { describe, expect, it } from 'vitest';
import {
  addToBag,
  BAG_LIMIT,
  type BagItem,
  bagKey,
  bagTotals,
  blocksOrder,
  liveProblems,
  orderChatLink,
  orderMessage,
  parseBag,
  problemText,
  removeFromBag,
  withPrice,
} from './bag.ts';
import { productInterestMessage } from './chat.ts';

const item = (n: number, talla: string | null = 'M', precio_venta = 500): BagItem => ({
  product_id: `p${n}`,
  permalink: `producto-${n}`,
  nombre: `Producto ${n}`,
  marca: 'Nike',
  talla,
  precio_venta,
  precio_original: 900,
  imagen_principal: null,
  added_at: n,
});

const policies = { freeShippingMin: 1500, shippingCost: 149 };

describe('adding and removing lines', () => {
  it('keeps one line per product and size, sizes compared without case', () => {
    let list = addToBag([], item(1, 'M')).list;
    expect(addToBag(list, item(1, 'm')).outcome).toBe('already');
    const other = addToBag(list, item(1, 'L'));
    expect(other.outcome).toBe('added');
    list = other.list;
    expect(list.map(bagKey)).toEqual(['p1|m', 'p1|l']);
    expect(removeFromBag(list, 'p1|m').map(bagKey)).toEqual(['p1|l']);
  });

  it(`holds at most ${BAG_LIMIT} lines`, () => {
    let list: BagItem[] = [];
    for (let n = 0; n < BAG_LIMIT; n++) list = addToBag(list, item(n)).list;
    const more = addToBag(list, item(99));
    expect(more.outcome).toBe('full');
    expect(more.list).toHaveLength(BAG_LIMIT);
  });

  it('takes a new price for one line', () => {
    const list = withPrice([item(1), item(2)], 'p2|m', 450);
    expect(list.map((i) => i.precio_venta)).toEqual([500, 450]);
  });
});

describe('the stored bag', () => {
  it('keeps valid lines and drops broken ones and duplicates', () => {
    const raw = JSON.stringify([item(1), { ...item(2), precio_venta: 'gratis' }, item(1), { nope: true }, item(3, null)]);
    expect(parseBag(raw).map(bagKey)).toEqual(['p1|m', 'p3|']);
  });
  it('reads garbage as an empty bag', () => {
    expect(parseBag('no es json')).toEqual([]);
    expect(parseBag('{"a":1}')).toEqual([]);
  });
});

describe('totals', () => {
  it('charges shipping below the free-shipping amount and says how much is missing', () => {
    expect(bagTotals([item(1, 'M', 500), item(2, 'M', 499.5)], policies)).toEqual({
      count: 2,
      subtotal: 999.5,
      shipping: 149,
      total: 1148.5,
      toFreeShipping: 500.5,
    });
  });
  it('ships free from the amount on', () => {
    expect(bagTotals([item(1, 'M', 1000), item(2, 'M', 500)], policies)).toMatchObject({ shipping: 0, total: 1500, toFreeShipping: null });
  });
  it('always charges when the shop never ships free, and nothing for an empty bag', () => {
    expect(bagTotals([item(1, 'M', 5000)], { freeShippingMin: null, shippingCost: 99 })).toMatchObject({
      shipping: 99,
      toFreeShipping: null,
    });
    expect(bagTotals([], policies)).toMatchObject({ subtotal: 0, shipping: 0, total: 0 });
  });
});

describe('problems found live', () => {
  const size = (talla: string | null, libres: number, apartadas = 0) => ({ talla, libres, apartadas });

  it('flags gone, sold-out, sold-size, held and re-priced lines and leaves the rest', () => {
    const list = [item(1, 'M'), item(2, 'S'), item(3, 'L'), item(4, 'xl', 500), item(5, null, 500), item(6, 'M'), item(7, null)];
    const live = [
      // every piece of every size sold
      { id: 'p2', precio_venta: 500, piezas: [size('S', 0), size('M', 0)] },
      // L's pieces all sold, M for sale
      { id: 'p3', precio_venta: 500, piezas: [size('M', 1), size('L', 0)] },
      { id: 'p4', precio_venta: 450, piezas: [size('XL', 2)] },
      { id: 'p5', precio_venta: 500, piezas: [size(null, 1)] },
      // M's one piece left is held by another order; S still for sale
      { id: 'p6', precio_venta: 500, piezas: [size('S', 1), size('M', 0, 1)] },
      // a product without sizes whose last piece is held
      { id: 'p7', precio_venta: 500, piezas: [size(null, 0, 1)] },
    ];
    expect(Object.fromEntries(liveProblems(list, live))).toEqual({
      'p1|m': { motivo: 'no_disponible' },
      'p2|s': { motivo: 'agotado' },
      'p3|l': { motivo: 'vendida' },
      'p4|xl': { motivo: 'precio', precio_venta: 450 },
      'p6|m': { motivo: 'apartada' },
      'p7|': { motivo: 'apartada' },
    });
  });

  it('tells a sold-out product without sizes from a held one, and compares sizes without case or spaces', () => {
    const live = [
      { id: 'p1', precio_venta: 500, piezas: [size(null, 0, 0)] },
      { id: 'p2', precio_venta: 500, piezas: [size('M', 0, 2)] },
    ];
    expect(Object.fromEntries(liveProblems([item(1, null), item(2, ' m ')], live))).toEqual({
      'p1|': { motivo: 'agotado' },
      'p2|m': { motivo: 'apartada' },
    });
  });

  it('says each problem in Spanish; only a new price can be accepted', () => {
    expect(problemText({ motivo: 'terminado' }, 'M')).toBe('La campaña de este producto terminó.');
    expect(problemText({ motivo: 'vendida' }, 'M')).toBe('Esta talla ya se vendió.');
    expect(problemText({ motivo: 'apartada' }, 'M')).toBe('Alguien acaba de apartar esta talla.');
    expect(problemText({ motivo: 'apartada' }, null)).toBe('Alguien acaba de apartar este producto.');
    expect(problemText({ motivo: 'precio', precio_venta: 450 }, 'M')).toBe('El precio cambió a $450.00.');
    expect(problemText({ motivo: 'no_disponible' }, null)).toBe('Este producto ya no está disponible.');
    expect(blocksOrder({ motivo: 'precio' })).toBe(false);
    expect(blocksOrder({ motivo: 'agotado' })).toBe(true);
    expect(blocksOrder({ motivo: 'apartada' })).toBe(true);
  });
});

describe('the chat message', () => {
  const order = {
    reference: 'OM-7K3F2',
    items: [
      { nombre: 'Sudadera Crewneck Vino', marca: 'Nike', talla: 'XS', precio_venta: 1349, permalink: 'nike-sudadera-crewneck-vino' },
      { nombre: 'Bolsa de piel', marca: '', talla: null, precio_venta: 750.5, permalink: 'bolsa-de-piel' },
    ],
    subtotal: 2099.5,
    shipping: 0,
    total: 2099.5,
  };

  it('lists every item with brand, name, size, price and link, then the totals', () => {
    expect(orderMessage('Outlet Moda MX', 'https://outlet.mx/', order)).toBe(
      [
        'Hola Outlet Moda MX! Quiero hacer el pedido OM-7K3F2:',
        '',
        '1. Nike - Sudadera Crewneck Vino',
        'Talla: XS · $1,349.00',
        'https://outlet.mx/producto/nike-sudadera-crewneck-vino',
        '',
        '2. Bolsa de piel',
        '$750.50',
        'https://outlet.mx/producto/bolsa-de-piel',
        '',
        'Subtotal (2 productos): $2,099.50',
        'Envío: Gratis',
        'Total: $2,099.50 (IVA incluido)',
      ].join('\n'),
    );
  });

  it('names the discount code and what it took off between the subtotal and the shipping', () => {
    const message = orderMessage('Outlet Moda MX', 'https://outlet.mx/', {
      ...order,
      codigo: 'BIENVENIDA',
      descuento: 209.95,
      total: 1889.55,
    });
    expect(message.split('\n').slice(-4)).toEqual([
      'Subtotal (2 productos): $2,099.50',
      'Descuento (BIENVENIDA): -$209.95',
      'Envío: Gratis',
      'Total: $1,889.55 (IVA incluido)',
    ]);
    // without a code there is no discount line
    expect(orderMessage('Outlet Moda MX', 'https://outlet.mx/', { ...order, codigo: null, descuento: 0 })).not.toContain('Descuento');
  });

  it('states a shipping cost and goes to the seller’s chat', () => {
    const link = orderChatLink({ chatHost: 'https://wa.me/', sellerPhone: '+52 1 55 1234 5678', name: 'Outlet' }, 'https://outlet.mx', {
      ...order,
      items: order.items.slice(0, 1),
      shipping: 149,
      total: 1498,
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5215512345678');
    expect(url.searchParams.get('text')).toContain('Subtotal (1 producto): $2,099.50\nEnvío: $149.00\nTotal: $1,498.00 (IVA incluido)');
  });

  const page = 'https://outlet.mx/pedido/?t=3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
  const pay = 'https://abc.supabase.co/functions/v1/pay/3f0c9a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
  const totals = ['Subtotal (2 productos): $2,099.50', 'Envío: Gratis', 'Total: $2,099.50 (IVA incluido)'].join('\n');

  it("ends with the order's page after the totals; the first link stays the first product's", () => {
    const message = orderMessage('Outlet Moda MX', 'https://outlet.mx/', order, { page, pay: null });
    expect(message.endsWith(`${totals}\n\nTu pedido: ${page}`)).toBe(true);
    expect(message).not.toContain('Paga en línea');
    expect(message.match(/https:\/\/\S+/)?.[0]).toBe('https://outlet.mx/producto/nike-sudadera-crewneck-vino');
  });

  it('carries the payment link while the shop takes payments online', () => {
    const link = orderChatLink({ chatHost: 'https://wa.me', sellerPhone: '5215512345678', name: 'Outlet' }, 'https://outlet.mx', order, {
      page,
      pay,
    });
    expect(new URL(link).searchParams.get('text')?.endsWith(`${totals}\n\nTu pedido: ${page}\nPaga en línea: ${pay}`)).toBe(true);
  });

  it('a single purchase names its order reference', () => {
    expect(
      productInterestMessage('Outlet', {
        nombre: 'Playera',
        marca: 'Nike',
        talla: 'M',
        url: 'https://o.mx/producto/p',
        pedido: 'OM-22222',
      }),
    ).toBe('Hola Outlet! Me interesa este producto: Playera\n\nhttps://o.mx/producto/p\nMarca: Nike\nTalla: M\nPedido: OM-22222');
  });
});
