import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  CSV_ERRORS,
  type CsvImport,
  csvTemplate,
  decodeCsvBytes,
  normalizeHeader,
  parseCsvFile,
  parseCsvPrice,
  parseCsvRow,
  parseSizes,
  parseSizeStock,
  formatSizeStock,
} from './csv-import.ts';

const fixture = (name: string): Uint8Array => readFileSync(new URL(`../../tests/fixtures/csv/${name}`, import.meta.url));

/** Parses and asserts the file was readable. */
const parseOk = (bytes: ArrayBuffer | Uint8Array): CsvImport => {
  const result = parseCsvFile(bytes);
  if (!result.ok) throw new Error(`unreadable: ${result.reason}`);
  return result;
};

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decoding', () => {
  it('reads an Excel Windows-1252 file with its accents and ñ', () => {
    const bytes = fixture('excel-windows-1252.csv');
    expect(bytes.includes(0xf1)).toBe(true); // 'ñ' as one Windows-1252 byte: not UTF-8
    const text = decodeCsvBytes(bytes);
    expect(text).toContain('Camisa de algodón Piñata');
    expect(text).toContain('Categoría');
  });

  it('drops the UTF-8 BOM and keeps multi-byte characters', () => {
    const text = decodeCsvBytes(fixture('utf8-bom.csv'))!;
    expect(text.startsWith('url,')).toBe(true);
    expect(text).toContain('Cámara');
  });

  it('reads a file of UTF-8 rows and Windows-1252 rows with every accent right', () => {
    const cp1252 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
    const bytes = new Uint8Array([
      ...utf8('\uFEFFnombre,precio,categoría\nCamión de juguete,100,Niños\n'),
      ...cp1252('Piñata,50,Fiestas\r\n'),
      ...utf8('Ñandú,80,Peluches\n'),
    ]);
    expect(decodeCsvBytes(bytes)).toBe('nombre,precio,categoría\nCamión de juguete,100,Niños\nPiñata,50,Fiestas\r\nÑandú,80,Peluches\n');
  });

  it('accepts an ArrayBuffer', () => {
    expect(decodeCsvBytes(utf8('nombre\nAñil').buffer as ArrayBuffer)).toBe('nombre\nAñil');
  });

  it('refuses a binary file (an .xlsx chosen by mistake)', () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect(decodeCsvBytes(xlsx)).toBeNull();
    expect(parseCsvFile(xlsx)).toMatchObject({ ok: false, message: 'Error procesando el archivo CSV' });
  });
});

describe('header names', () => {
  it('are trimmed, lowercase and accent-insensitive', () => {
    expect(normalizeHeader('  Categoría ')).toBe('categoria');
    expect(normalizeHeader('PRECIO ANTERIOR')).toBe('precio_anterior');
    expect(normalizeHeader('Descripción_HTML')).toBe('descripcion_html');
  });
});

describe('prices', () => {
  it('strip $, commas and spaces', () => {
    expect(parseCsvPrice('$1,299.50')).toBe(1299.5);
    expect(parseCsvPrice(' $ 2,000 ')).toBe(2000);
    expect(parseCsvPrice('450')).toBe(450);
  });
  it('are null when not a plain number', () => {
    for (const bad of ['abc', '', '$', '-100', '1e3', '0x10', '12.5.3']) expect(parseCsvPrice(bad)).toBeNull();
  });
});

describe('sizes', () => {
  it('ignore text from an opening parenthesis, trim, drop empties and case-insensitive repeats', () => {
    expect(parseSizes('28 (MX);30;32')).toEqual(['28', '30', '32']);
    expect(parseSizes(' ch ; CH;M;;(EU) ; m:4 ;G')).toEqual(['ch', 'M', 'G']);
    expect(parseSizes('')).toEqual([]);
  });
  it('carry their pieces as M:3 (no count is one piece, :1 is written as none), and round-trip', () => {
    expect(parseSizes('S;M:3;L : 2;XL:0;28 (MX):4')).toEqual(['S', 'M:3', 'L:2', 'XL:0', '28:4']);
    expect(parseSizes('M:1')).toEqual(['M']);
    expect(parseSizes(parseSizes('S;M:3;L:2')!.join(';'))).toEqual(['S', 'M:3', 'L:2']);
    expect(parseSizeStock('10:30')).toEqual({ talla: '10', existencias: 30 });
    expect(formatSizeStock({ talla: 'M', existencias: 1 })).toBe('M');
  });
  it('refuse a count above 9999 pieces, keeping the row out of the import', () => {
    expect(parseSizes('M:10000')).toBeNull();
    const row = parseCsvRow({ nombre: 'Gorra', precio: '100', categoria: 'Accesorios', tallas: 'M:10000' }, 1);
    expect(row.errors).toContain(CSV_ERRORS.stockInvalid);
  });
  it('read existencias, the pieces of a product without sizes: blank is null, anything but 0 to 9999 an error', () => {
    const row = (existencias: string) => parseCsvRow({ nombre: 'Bolsa', precio: '100', categoria: 'Accesorios', existencias }, 1);
    expect(row('3').existencias).toBe(3);
    expect(row('').existencias).toBeNull();
    for (const bad of ['-1', '2.5', 'tres', '10000']) expect(row(bad).errors, bad).toContain(CSV_ERRORS.stockInvalid);
  });
});

describe('a row', () => {
  const base = { nombre: 'Chamarra', precio: '900', precio_anterior: '3000', categoria: 'Ropa', imagenes: 'https://e.mx/a.jpg' };

  it('uses 60% of the previous price, rounded up to 100, when the discount is at least 50%', () => {
    const row = parseCsvRow(base, 1);
    expect(row).toMatchObject({ costo_compra: 900, precio_original: 3000, precio_venta: 1800, errors: [], warnings: [] });
    expect(row.margin).toBe(100);
    expect(row.marginQuality).toBe('Excelente');
  });

  it('uses 130% of the cost, rounded up to 100, below a 50% discount', () => {
    const row = parseCsvRow({ ...base, precio: '1,050', precio_anterior: '1,500' }, 1);
    expect(row.precio_venta).toBe(1400); // 1365 -> 1400
    expect(row.marginQuality).toBe('Excelente');
  });

  it('falls back to the cost with a warning when the previous price is missing or invalid', () => {
    for (const precio_anterior of ['', 'n/a', '0']) {
      const row = parseCsvRow({ ...base, precio_anterior }, 1);
      expect(row.precio_original).toBe(900);
      expect(row.precio_venta).toBe(1200); // 1170 -> 1200
      expect(row.warnings).toEqual(['Precio anterior inválido, se usará el precio de compra']);
      expect(row.errors).toEqual([]);
    }
  });

  it('bands the margin', () => {
    // 130% of 990 = 1287 -> 1300: 31.3% on cost
    expect(parseCsvRow({ ...base, precio: '990', precio_anterior: '' }, 1).marginQuality).toBe('Excelente');
    // 60% of 2000 = 1200 over a cost of 1000: 20%
    expect(parseCsvRow({ ...base, precio: '1000', precio_anterior: '2000' }, 1).marginQuality).toBe('Bueno');
    // 60% of 1900 = 1140 -> 1200 over 950: 26.3%
    expect(parseCsvRow({ ...base, precio: '950', precio_anterior: '1900' }, 1).marginQuality).toBe('Bueno');
  });

  it('keeps only http(s) images and names each one ignored', () => {
    const row = parseCsvRow({ ...base, imagenes: 'https://e.mx/a.jpg; /local/b.jpg ;http://e.mx/c.jpg;data:x' }, 1);
    expect(row.imagenes).toEqual(['https://e.mx/a.jpg', 'http://e.mx/c.jpg']);
    expect(row.warnings).toEqual([
      'Imagen ignorada (no es una URL http/https): /local/b.jpg',
      'Imagen ignorada (no es una URL http/https): data:x',
    ]);
  });

  it('warns when no image is left', () => {
    expect(parseCsvRow({ ...base, imagenes: '' }, 1).warnings).toEqual(['No se encontraron imágenes']);
    expect(parseCsvRow({ ...base, imagenes: 'foto.jpg' }, 1).warnings).toEqual([
      'Imagen ignorada (no es una URL http/https): foto.jpg',
      'No se encontraron imágenes',
    ]);
  });

  it('takes link_externo from url only when it is http(s)', () => {
    expect(parseCsvRow({ ...base, url: ' https://levi.com.mx/p ' }, 1).link_externo).toBe('https://levi.com.mx/p');
    const row = parseCsvRow({ ...base, url: 'levi.com.mx/p' }, 1);
    expect(row.link_externo).toBeNull();
    expect(row.warnings).toEqual(['URL ignorada (no es una URL http/https): levi.com.mx/p']);
  });

  it('reports every missing required field', () => {
    expect(parseCsvRow({}, 4).errors).toEqual(['Nombre es requerido', 'Precio es requerido', 'Categoría es requerida']);
  });

  it("refuses a price of zero, as it can't be sold", () => {
    const row = parseCsvRow({ ...base, precio: '$0' }, 1);
    expect(row.errors).toEqual(['Precio inválido']);
    expect(row.precio_venta).toBeNull();
    expect(row.marginQuality).toBe('Bajo');
  });
});

describe('fixture files', () => {
  it('Excel Windows-1252 with ";", CRLF and accented headers', () => {
    const { rows, valid, errorCount, headerMissing } = parseOk(fixture('excel-windows-1252.csv'));
    expect(rows).toHaveLength(2);
    expect(errorCount).toBe(0);
    expect(valid).toHaveLength(2);
    expect(headerMissing).toBeUndefined();
    expect(rows[0]).toMatchObject({
      row: 1,
      nombre: 'Camisa de algodón Piñata',
      costo_compra: 450,
      precio_original: 1200,
      precio_venta: 800, // 62.5% off: 60% of 1200 = 720 -> 800
      imagenes: ['https://ejemplo.com/a.jpg'],
      tallas: ['CH', 'M', 'G'],
      categoria: 'Niños',
      subcategoria: 'Camisas',
      link_externo: 'https://tienda.ejemplo.mx/p/1',
      descripcion: '<p>Algodón peinado</p>',
    });
    expect(rows[1]).toMatchObject({ row: 2, nombre: 'Suéter de lana', costo_compra: 899.5, subcategoria: 'Suéteres' });
    expect(rows[1]!.warnings).toEqual(['Precio anterior inválido, se usará el precio de compra']);
  });

  it('UTF-8 with BOM from Google Sheets', () => {
    const { rows } = parseOk(fixture('utf8-bom.csv'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nombre: 'Tenis Nike Air Max 90',
      costo_compra: 1450,
      precio_original: 2599,
      precio_venta: 1900, // 44% off: 130% of 1450 = 1885 -> 1900
      imagenes: ['https://ejemplo.com/n1.jpg', 'https://ejemplo.com/n2.jpg'],
      tallas: ['25', '26', '27'],
      descripcion: '<p>Cámara de aire</p>',
      errors: [],
      warnings: [],
    });
  });

  it('quoted fields with commas, quotes and line breaks; blank lines skipped', () => {
    const { rows, headerMissing } = parseOk(fixture('quoted-multiline.csv'));
    expect(rows.map((r) => r.nombre)).toEqual(['Jeans 501, corte recto', 'Gorra Vans']);
    expect(rows[0]!.descripcion).toBe('<p>Mezclilla rígida,\r\ncinco bolsillos.</p>\r\n<p>Modelo "original".</p>');
    expect(rows[0]!.categoria).toBe('Ropa');
    expect(rows[0]!.tallas).toEqual(['28', '30', '32']);
    expect(rows[0]!.imagenes).toEqual(['https://ejemplo.com/j1.jpg', 'https://ejemplo.com/j2.jpg']);
    expect(rows[1]!.warnings).toEqual([
      'Precio anterior inválido, se usará el precio de compra',
      'Imagen ignorada (no es una URL http/https): ftp://ejemplo.com/g.jpg',
      'No se encontraron imágenes',
    ]);
    expect(headerMissing).toEqual(['url', 'subcategoria', 'clasificacion']);
  });

  it('broken rows: each error in its words, the good row still valid; header case and spaces ignored', () => {
    const { rows, valid, errorCount, headerMissing } = parseOk(fixture('broken-rows.csv'));
    expect(rows.map((r) => r.errors)).toEqual([
      ['Precio es requerido'],
      ['Precio inválido'],
      ['Categoría es requerida'],
      ['Nombre es requerido'],
      ['Error procesando precios'],
      [],
    ]);
    expect(errorCount).toBe(5);
    expect(valid.map((r) => r.row)).toEqual([6]);
    expect(valid[0]!.warnings).toEqual([
      'Precio anterior inválido, se usará el precio de compra',
      'No se encontraron imágenes',
      'URL ignorada (no es una URL http/https): javascript:alert(1)',
    ]);
    expect(rows[0]!.link_externo).toBe('https://ejemplo.com/p');
    expect(headerMissing).toEqual(['tallas', 'descripcion_html', 'subcategoria', 'clasificacion']);
  });

  it('an empty file cannot be read', () => {
    expect(parseCsvFile(fixture('empty.csv'))).toMatchObject({ ok: false, message: 'Error procesando el archivo CSV' });
    expect(parseCsvFile(utf8('\uFEFF \r\n\r\n'))).toMatchObject({ ok: false });
  });

  it("a file without a 'nombre' column cannot be read", () => {
    expect(parseCsvFile(utf8('producto,costo\nChamarra,900\n'))).toMatchObject({
      ok: false,
      message: 'Error procesando el archivo CSV',
    });
  });

  it('a quote never closed cannot be read (it would swallow the rows after it)', () => {
    const text = 'nombre,precio,categoria\nChamarra,900,Ropa\n"Jeans,700,Ropa\nGorra,300,Accesorios\n';
    expect(parseCsvFile(utf8(text))).toMatchObject({ ok: false, message: 'Error procesando el archivo CSV' });
  });

  it("a quote closed by a later field's quote cannot be read (it would swallow the rows between)", () => {
    const text = 'nombre,precio,categoria\n"Jeans,700,Ropa\nGorra,300,"Ropa, accesorios"\nCinturón,200,Ropa\n';
    expect(parseCsvFile(utf8(text))).toMatchObject({ ok: false, message: 'Error procesando el archivo CSV' });
  });

  it('a header with no data rows is an import of nothing', () => {
    expect(parseOk(utf8(`${CSV_COLUMNS.join(',')}\r\n`))).toMatchObject({ rows: [], valid: [], errorCount: 0 });
  });
});

describe('10,000 rows', () => {
  it('parses every row with its number and prices', () => {
    const lines = [CSV_COLUMNS.join(';')];
    for (let i = 1; i <= 10_000; i++) {
      const bad = i % 1000 === 0 ? '' : `$${1000 + i}`;
      lines.push(
        `https://e.mx/p/${i};Producto ${i};${bad};"$3,000";https://e.mx/${i}.jpg;28 (MX);<p>Descripción ${i}</p>;Ropa;Camisas;Hombre`,
      );
    }
    const bytes = utf8(lines.join('\r\n'));
    const heapBefore = process.memoryUsage().heapUsed;
    const { rows, valid, errorCount } = parseOk(bytes);
    expect(rows).toHaveLength(10_000);
    expect(errorCount).toBe(10);
    expect(valid).toHaveLength(9_990);
    expect(rows[9_998]).toMatchObject({ row: 9_999, nombre: 'Producto 9999', costo_compra: 10_999, precio_venta: 14_300 });
    // A few KB per row at most: the file is held once, not copied per row.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('template', () => {
  it('has the columns and two example rows the parser accepts without errors', () => {
    const text = csvTemplate();
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    const { rows } = parseOk(utf8(text));
    expect(rows.map((r) => r.nombre)).toEqual(["Chamarra de mezclilla Levi's Trucker", 'Tenis Nike Air Max 90']);
    expect(rows.every((r) => r.errors.length === 0 && r.warnings.length === 0)).toBe(true);
    expect(rows[0]!.imagenes).toHaveLength(2);
    expect(rows[1]!.tallas).toEqual(['25', '26', '27', '28']);
    expect(rows.map((r) => r.precio_venta)).toEqual([1400, 1900]);
  });
});
