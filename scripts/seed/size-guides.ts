/**
 * The demo outlet's size guides, as data: Mexican clothing sizes (XCH, CH, M, G, EG, 2EG) beside US
 * (XS-XXL) and European ones, jeans by waist, and Mexican shoe sizes in cm (22-31) beside US (men's)
 * and European ones, with a brand's own shoe table ("Nike calzado") that wins over the category's on
 * Nike shoes (public.size_guide_id). No I/O here; demo.ts writes them.
 */
import type { SizeGuideRow, SizeKind } from '../../src/lib/size-guide.ts';

export interface SizeGuideDef {
  nombre: string;
  tipoTalla: SizeKind;
  /** a category key ('mujer'), a subcategory ('mujer/Jeans') or a brand's internal name ('nike') */
  owner: { category: string } | { subcategory: string } | { brand: string };
  filas: readonly SizeGuideRow[];
  nota?: string;
}

const MX_CLOTHING = ['XCH', 'CH', 'M', 'G', 'EG', '2EG'] as const;
const US_CLOTHING = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

/** Clothing rows: MX and US letters, then the EU size and chest / waist / hip ranges of each. */
function clothing(rows: readonly [eu: string, pecho: string, cintura: string, cadera: string][]): SizeGuideRow[] {
  return rows.map(([eu, pecho, cintura, cadera], i) => ({
    mx: MX_CLOTHING[i] as string,
    us: US_CLOTHING[i] as string,
    eu,
    pecho,
    cintura,
    cadera,
  }));
}

/** Shoe rows from 22 to 31 cm by half sizes: the MX size is the foot's length; US men's from 4, by half sizes. */
function shoes(eu: readonly string[]): SizeGuideRow[] {
  return eu.map((e, i) => {
    const cm = String(22 + i / 2);
    return { mx: cm, us: String(4 + i / 2), eu: e, pie: cm };
  });
}

const SHOE_NOTE =
  'La talla mexicana es el largo del pie en centímetros. US es la talla de hombre: en mujer suma 1.5 (26 cm = US 8 hombre = US 9.5 mujer).';

export const SIZE_GUIDES: readonly SizeGuideDef[] = [
  {
    nombre: 'Ropa de mujer',
    tipoTalla: 'ropa',
    owner: { category: 'mujer' },
    filas: clothing([
      ['34', '78-82', '60-64', '84-88'],
      ['36', '82-86', '64-68', '88-92'],
      ['38', '86-90', '68-72', '92-96'],
      ['40', '90-96', '72-78', '96-102'],
      ['42', '96-102', '78-84', '102-108'],
      ['44', '102-108', '84-90', '108-114'],
    ]),
    nota: 'Si estás entre dos tallas, elige la mayor. Los vestidos de corte ajustado pueden quedar una talla más chicos.',
  },
  {
    nombre: 'Ropa de hombre',
    tipoTalla: 'ropa',
    owner: { category: 'hombre' },
    filas: clothing([
      ['44', '82-87', '68-73', '84-89'],
      ['46', '88-93', '74-79', '90-95'],
      ['48', '94-99', '80-85', '96-101'],
      ['50', '100-105', '86-91', '102-107'],
      ['52', '106-111', '92-97', '108-113'],
      ['54', '112-117', '98-103', '114-119'],
    ]),
    nota: 'Para un corte holgado (sudaderas, chamarras oversize) puedes elegir tu talla de siempre: ya vienen amplias.',
  },
  {
    nombre: 'Ropa deportiva',
    tipoTalla: 'ropa',
    owner: { subcategory: 'deportivo/Ropa Deportiva' },
    filas: clothing([
      ['34/44', '80-86', '62-70', '86-90'],
      ['36/46', '86-92', '68-76', '90-96'],
      ['38/48', '92-98', '74-82', '96-102'],
      ['40/50', '98-104', '80-88', '102-108'],
      ['42/52', '104-110', '86-94', '108-114'],
      ['44/54', '110-116', '92-100', '114-120'],
    ]),
    nota: 'Tallas unisex. EU: mujer/hombre. Los leggings de compresión van ajustados: si dudas, elige la mayor.',
  },
  {
    nombre: 'Jeans de mujer',
    tipoTalla: 'pantalon',
    owner: { subcategory: 'mujer/Jeans' },
    filas: [
      { mx: '1', us: '1', eu: '32', cintura: '60-62', cadera: '84-86', entrepierna: '76' },
      { mx: '3', us: '3', eu: '34', cintura: '63-65', cadera: '87-89', entrepierna: '76' },
      { mx: '5', us: '5', eu: '36', cintura: '66-68', cadera: '90-92', entrepierna: '77' },
      { mx: '7', us: '7', eu: '38', cintura: '69-71', cadera: '93-95', entrepierna: '77' },
      { mx: '9', us: '9', eu: '40', cintura: '72-74', cadera: '96-98', entrepierna: '78' },
      { mx: '11', us: '11', eu: '42', cintura: '75-78', cadera: '99-102', entrepierna: '78' },
      { mx: '13', us: '13', eu: '44', cintura: '79-82', cadera: '103-106', entrepierna: '79' },
      { mx: '15', us: '15', eu: '46', cintura: '83-86', cadera: '107-110', entrepierna: '79' },
    ],
  },
  {
    nombre: 'Jeans y pantalones de hombre',
    tipoTalla: 'pantalon',
    owner: { subcategory: 'hombre/Jeans y Pantalones' },
    filas: [
      { mx: '28', us: '28', eu: '44', cintura: '71', cadera: '88-90', entrepierna: '76-81' },
      { mx: '29', us: '29', eu: '45', cintura: '74', cadera: '91-93', entrepierna: '76-81' },
      { mx: '30', us: '30', eu: '46', cintura: '76', cadera: '94-96', entrepierna: '76-81' },
      { mx: '31', us: '31', eu: '47', cintura: '79', cadera: '96-98', entrepierna: '76-81' },
      { mx: '32', us: '32', eu: '48', cintura: '81', cadera: '99-101', entrepierna: '76-81' },
      { mx: '33', us: '33', eu: '49', cintura: '84', cadera: '101-103', entrepierna: '76-81' },
      { mx: '34', us: '34', eu: '50', cintura: '86', cadera: '104-106', entrepierna: '76-81' },
      { mx: '36', us: '36', eu: '52', cintura: '91', cadera: '109-111', entrepierna: '76-81' },
      { mx: '38', us: '38', eu: '54', cintura: '97', cadera: '114-116', entrepierna: '76-81' },
    ],
    nota: 'La talla de la tienda es cintura × largo en pulgadas: 32x30 es cintura 32 y largo 30 (76 cm de entrepierna); largo 32 son 81 cm.',
  },
  {
    nombre: 'Calzado',
    tipoTalla: 'calzado',
    owner: { category: 'calzado' },
    filas: shoes([
      '35',
      '35.5',
      '36.5',
      '37',
      '38',
      '38.5',
      '39',
      '40',
      '40.5',
      '41',
      '42',
      '42.5',
      '43',
      '44',
      '44.5',
      '45',
      '46',
      '46.5',
      '47',
    ]),
    nota: SHOE_NOTE,
  },
  {
    nombre: 'Tenis para correr',
    tipoTalla: 'calzado',
    owner: { subcategory: 'deportivo/Tenis para Correr' },
    filas: shoes([
      '35',
      '35.5',
      '36.5',
      '37',
      '38',
      '38.5',
      '39',
      '40',
      '40.5',
      '41',
      '42',
      '42.5',
      '43',
      '44',
      '44.5',
      '45',
      '46',
      '46.5',
      '47',
    ]),
    nota: `${SHOE_NOTE} Para correr, el pie se hincha: deja medio centímetro libre en la punta.`,
  },
  {
    nombre: 'Nike calzado',
    tipoTalla: 'calzado',
    owner: { brand: 'nike' },
    filas: shoes([
      '36',
      '36.5',
      '37.5',
      '38',
      '38.5',
      '39',
      '40',
      '40.5',
      '41',
      '42',
      '42.5',
      '43',
      '44',
      '44.5',
      '45',
      '45.5',
      '46',
      '47',
      '47.5',
    ]),
    nota: 'Horma de Nike: su talla europea es medio número mayor que la de otras marcas. US es la talla de hombre: en mujer suma 1.5.',
  },
];
