/**
 * The demo outlet as data: brands, categories with their subcategories and the kinds of items each
 * sells, colours, campaigns (dates relative to Mexico City's today), hero slides and featured
 * categories. No I/O here; products.ts turns this into rows.
 */

import type { SizeKind } from '../../src/lib/size-guide.ts';

/** The drawing used for a product's placeholder image (see images.ts). */
export type Silhouette =
  | 'tshirt'
  | 'shirt'
  | 'hoodie'
  | 'jacket'
  | 'dress'
  | 'pants'
  | 'leggings'
  | 'shorts'
  | 'sneaker'
  | 'runner'
  | 'boot'
  | 'heel'
  | 'sandal'
  | 'handbag'
  | 'backpack'
  | 'wallet'
  | 'duffel'
  | 'cap'
  | 'sunglasses'
  | 'watch'
  | 'belt';

/** Which size list a product draws from. */
export type SizeScale =
  | 'ropa'
  | 'cintura-mujer'
  | 'cintura-hombre'
  | 'calzado-mujer'
  | 'calzado-hombre'
  | 'calzado-unisex'
  | 'unitalla'
  | 'cinturon'
  | 'ninguna';

/** Grammatical gender/number of an item's noun, so colour adjectives agree ('Playera Negra'). */
export type Gender = 'm' | 'f' | 'mp' | 'fp';

export type LogoStyle =
  | 'bold-italic'
  | 'lower-bold'
  | 'upper-bold'
  | 'red-box'
  | 'serif-upper'
  | 'flag'
  | 'spaced-thin'
  | 'serif-spaced'
  | 'star';

export interface BrandDef {
  /** internal name: the display name lowercased */
  name: string;
  displayName: string;
  /** price multiplier against the item's base range */
  tier: number;
  logo: LogoStyle;
  /** logo ink colour */
  ink: string;
}

export const BRANDS: readonly BrandDef[] = [
  { name: 'nike', displayName: 'Nike', tier: 1.05, logo: 'bold-italic', ink: '#111111' },
  { name: 'adidas', displayName: 'Adidas', tier: 1, logo: 'lower-bold', ink: '#111111' },
  { name: 'puma', displayName: 'Puma', tier: 0.9, logo: 'upper-bold', ink: '#111111' },
  { name: "levi's", displayName: "Levi's", tier: 1, logo: 'red-box', ink: '#c41230' },
  { name: 'guess', displayName: 'Guess', tier: 1.1, logo: 'serif-upper', ink: '#1a1a1a' },
  { name: 'tommy hilfiger', displayName: 'Tommy Hilfiger', tier: 1.15, logo: 'flag', ink: '#0b1f44' },
  { name: 'calvin klein', displayName: 'Calvin Klein', tier: 1.15, logo: 'spaced-thin', ink: '#111111' },
  { name: 'michael kors', displayName: 'Michael Kors', tier: 1.5, logo: 'serif-spaced', ink: '#3a3a3a' },
  { name: 'steve madden', displayName: 'Steve Madden', tier: 1, logo: 'upper-bold', ink: '#111111' },
  { name: 'converse', displayName: 'Converse', tier: 0.85, logo: 'star', ink: '#111111' },
];

export interface ColorDef {
  key: string;
  /** forms for masculine, feminine, masculine plural, feminine plural nouns */
  forms: readonly [string, string, string, string];
  hex: string;
}

const same = (w: string): readonly [string, string, string, string] => [w, w, w, w];

export const COLORS: Readonly<Record<string, ColorDef>> = {
  negro: { key: 'negro', forms: ['Negro', 'Negra', 'Negros', 'Negras'], hex: '#25252a' },
  blanco: { key: 'blanco', forms: ['Blanco', 'Blanca', 'Blancos', 'Blancas'], hex: '#f6f4ef' },
  marino: { key: 'marino', forms: same('Azul Marino'), hex: '#1f2f52' },
  azul: { key: 'azul', forms: ['Azul', 'Azul', 'Azules', 'Azules'], hex: '#2f64b0' },
  indigo: { key: 'indigo', forms: same('Azul Índigo'), hex: '#2d4470' },
  deslavado: { key: 'deslavado', forms: ['Deslavado', 'Deslavada', 'Deslavados', 'Deslavadas'], hex: '#7f9dc6' },
  rojo: { key: 'rojo', forms: ['Rojo', 'Roja', 'Rojos', 'Rojas'], hex: '#b8292f' },
  vino: { key: 'vino', forms: same('Vino'), hex: '#6d2035' },
  rosa: { key: 'rosa', forms: same('Rosa'), hex: '#e8a0b4' },
  olivo: { key: 'olivo', forms: same('Verde Olivo'), hex: '#606c3c' },
  verde: { key: 'verde', forms: ['Verde', 'Verde', 'Verdes', 'Verdes'], hex: '#2f7d5b' },
  beige: { key: 'beige', forms: same('Beige'), hex: '#dcc8a8' },
  camel: { key: 'camel', forms: same('Camel'), hex: '#b9834f' },
  cafe: { key: 'cafe', forms: ['Café', 'Café', 'Cafés', 'Cafés'], hex: '#6a4329' },
  gris: { key: 'gris', forms: ['Gris', 'Gris', 'Grises', 'Grises'], hex: '#8b8f95' },
  mostaza: { key: 'mostaza', forms: same('Mostaza'), hex: '#d1a02c' },
  lila: { key: 'lila', forms: same('Lila'), hex: '#b49fd3' },
  dorado: { key: 'dorado', forms: ['Dorado', 'Dorada', 'Dorados', 'Doradas'], hex: '#c9a54a' },
  plateado: { key: 'plateado', forms: ['Plateado', 'Plateada', 'Plateados', 'Plateadas'], hex: '#b9bec6' },
};

const GENERAL_COLORS = ['negro', 'blanco', 'marino', 'rojo', 'vino', 'rosa', 'olivo', 'beige', 'gris', 'verde', 'mostaza', 'lila', 'azul'];
const DENIM_COLORS = ['indigo', 'deslavado', 'negro', 'azul'];
const LEATHER_COLORS = ['negro', 'cafe', 'camel', 'beige', 'vino', 'blanco'];
const SPORT_COLORS = ['negro', 'blanco', 'gris', 'azul', 'rojo', 'verde', 'rosa', 'lila'];

export interface ItemDef {
  /** the noun starting the product name, e.g. 'Playera' */
  base: string;
  gender: Gender;
  silhouette: Silhouette;
  /** generic styles, e.g. 'Oversize'; brand models (below) win when the brand has some */
  styles: readonly string[];
  models?: Readonly<Record<string, readonly string[]>>;
  /** base precio_original range in MXN before the brand's tier */
  price: readonly [number, number];
  sizes: SizeScale;
  brands: readonly string[];
  colors: readonly string[];
  materials: readonly string[];
  features: readonly string[];
}

export interface SubcategoryDef {
  nombre: string;
  descripcion: string;
  /** its own kind of size, when it differs from its category's (Ropa de Mujer / Jeans: pantalon) */
  sizeKind?: SizeKind;
  items: readonly ItemDef[];
}

export interface CategoryDef {
  key: string;
  nombre: string;
  descripcion: string;
  showInHeader: boolean;
  /** the kind of size its products use (size guides, the shopper's 'Mi talla'); none for bags and accessories */
  sizeKind?: SizeKind;
  subcategories: readonly SubcategoryDef[];
}

const CLOTHING = ["levi's", 'guess', 'tommy hilfiger', 'calvin klein', 'nike', 'adidas', 'puma', 'michael kors'];
const SPORT = ['nike', 'adidas', 'puma'];
const FASHION = ['guess', 'tommy hilfiger', 'calvin klein', 'michael kors', 'steve madden'];

const TOP_FEATURES = [
  'Corte regular, cómodo para todo el día',
  'Cuello redondo con acabado reforzado',
  'Logo bordado en el pecho',
  'Tejido suave y transpirable',
  'Costuras dobles en mangas y bastilla',
  'Lavable en lavadora con agua fría',
];
const BOTTOM_FEATURES = [
  'Cinco bolsillos clásicos',
  'Cierre con botón y bragueta de cierre',
  'Tiro medio que estiliza la figura',
  'Mezclilla con un toque de elasticidad',
  'Remaches metálicos de la marca',
  'Bastilla limpia a la altura del tobillo',
];
const OUTER_FEATURES = [
  'Cierre frontal de metal',
  'Bolsillos laterales funcionales',
  'Puños y cintura acanalados',
  'Forro interior suave',
  'Ideal para las mañanas frescas',
  'Capucha ajustable con cordón',
];
const DRESS_FEATURES = [
  'Caída ligera y favorecedora',
  'Cierre invisible en la espalda',
  'Forro interior en la falda',
  'Ideal para eventos de día o de noche',
  'Cintura marcada',
  'Tirantes ajustables',
];
const SHOE_FEATURES = [
  'Plantilla acolchada para mayor comodidad',
  'Suela de goma antiderrapante',
  'Agujetas planas de algodón',
  'Interior transpirable',
  'Diseño ligero para uso diario',
  'Talón reforzado',
];
const BOOT_FEATURES = [
  'Elásticos laterales para calzar fácilmente',
  'Suela dentada de alta tracción',
  'Tacón de bloque cómodo',
  'Forro interior suave',
  'Punta redondeada',
  'Jaladera trasera',
];
const BAG_FEATURES = [
  'Compartimento principal con cierre',
  'Bolsillo interior para celular',
  'Herrajes dorados de la marca',
  'Correa desmontable y ajustable',
  'Forro interior con logo',
  'Base con pies metálicos protectores',
];
const ACCESSORY_FEATURES = [
  'Empaque original de la marca',
  'Acabados de alta calidad',
  'Diseño atemporal y versátil',
  'Ideal para regalo',
  'Garantía de autenticidad',
];
const SPORT_FEATURES = [
  'Tecnología que absorbe el sudor',
  'Tejido elástico en cuatro direcciones',
  'Detalles reflejantes para poca luz',
  'Costuras planas que evitan rozaduras',
  'Cintura alta con bolsillo oculto',
  'Ajuste que acompaña cada movimiento',
];
const RUN_FEATURES = [
  'Amortiguación de espuma reactiva',
  'Parte superior de malla transpirable',
  'Suela de goma duradera',
  'Drop de 10 mm',
  'Talón acolchado',
  'Ideal para distancias medias',
];

export const CATEGORIES: readonly CategoryDef[] = [
  {
    key: 'mujer',
    nombre: 'Ropa de Mujer',
    descripcion: 'Vestidos, blusas, jeans y chamarras de las mejores marcas.',
    showInHeader: true,
    sizeKind: 'ropa',
    subcategories: [
      {
        nombre: 'Vestidos',
        descripcion: 'Vestidos casuales y de fiesta.',
        items: [
          {
            base: 'Vestido',
            gender: 'm',
            silhouette: 'dress',
            styles: ['Midi Satinado', 'Camisero', 'Cruzado', 'Corto de Punto', 'Largo Floral', 'Slip', 'Tubo'],
            price: [1299, 3999],
            sizes: 'ropa',
            brands: ['guess', 'tommy hilfiger', 'calvin klein', 'michael kors', "levi's"],
            colors: ['negro', 'rojo', 'vino', 'rosa', 'marino', 'beige', 'olivo', 'lila', 'verde'],
            materials: ['satín de poliéster', 'viscosa', 'algodón con elastano', 'crepé'],
            features: DRESS_FEATURES,
          },
        ],
      },
      {
        nombre: 'Blusas y Playeras',
        descripcion: 'Blusas, playeras y tops para cada ocasión.',
        items: [
          {
            base: 'Blusa',
            gender: 'f',
            silhouette: 'shirt',
            styles: ['de Seda', 'con Moño', 'Manga Globo', 'Off Shoulder', 'de Lino'],
            price: [899, 2499],
            sizes: 'ropa',
            brands: FASHION.filter((b) => b !== 'steve madden'),
            colors: ['blanco', 'negro', 'rosa', 'beige', 'lila', 'marino', 'verde'],
            materials: ['seda sintética', 'lino', 'viscosa', 'algodón'],
            features: TOP_FEATURES,
          },
          {
            base: 'Playera',
            gender: 'f',
            silhouette: 'tshirt',
            styles: ['Básica', 'Logo', 'Crop', 'Oversize', 'Estampada'],
            price: [799, 1299],
            sizes: 'ropa',
            brands: CLOTHING,
            colors: GENERAL_COLORS,
            materials: ['100% algodón', 'algodón orgánico', 'jersey de algodón'],
            features: TOP_FEATURES,
          },
        ],
      },
      {
        nombre: 'Jeans',
        descripcion: 'Jeans skinny, mom, wide leg y más.',
        sizeKind: 'pantalon',
        items: [
          {
            base: 'Jeans',
            gender: 'mp',
            silhouette: 'pants',
            styles: ['Skinny', 'Mom', 'Wide Leg', 'Bootcut', 'Straight'],
            models: { "levi's": ['721 High Rise Skinny', 'Ribcage Straight', 'Wedgie Fit', '501 Original para Mujer', 'Mom Jean'] },
            price: [1199, 2699],
            sizes: 'cintura-mujer',
            brands: ["levi's", 'guess', 'tommy hilfiger', 'calvin klein'],
            colors: DENIM_COLORS,
            materials: ['mezclilla de algodón con elastano', '99% algodón, 1% elastano', 'mezclilla rígida 100% algodón'],
            features: BOTTOM_FEATURES,
          },
        ],
      },
      {
        nombre: 'Chamarras',
        descripcion: 'Chamarras de mezclilla, piel y acolchadas.',
        items: [
          {
            base: 'Chamarra',
            gender: 'f',
            silhouette: 'jacket',
            styles: ['de Mezclilla', 'Biker', 'Acolchada', 'Trucker', 'Cropped'],
            price: [1699, 4999],
            sizes: 'ropa',
            brands: ["levi's", 'guess', 'tommy hilfiger', 'calvin klein', 'michael kors'],
            colors: ['indigo', 'negro', 'camel', 'beige', 'olivo', 'rosa'],
            materials: ['mezclilla de algodón', 'piel sintética', 'nylon con relleno ligero'],
            features: OUTER_FEATURES,
          },
        ],
      },
    ],
  },
  {
    key: 'hombre',
    nombre: 'Ropa de Hombre',
    descripcion: 'Playeras, camisas, jeans y sudaderas para hombre.',
    showInHeader: true,
    sizeKind: 'ropa',
    subcategories: [
      {
        nombre: 'Playeras y Polos',
        descripcion: 'Playeras básicas, estampadas y polos.',
        items: [
          {
            base: 'Playera',
            gender: 'f',
            silhouette: 'tshirt',
            styles: ['Logo', 'Cuello Redondo', 'Estampada', 'Essential', 'Slim Fit'],
            price: [799, 1399],
            sizes: 'ropa',
            brands: CLOTHING.filter((b) => b !== 'michael kors'),
            colors: GENERAL_COLORS,
            materials: ['100% algodón', 'algodón peinado', 'jersey de algodón'],
            features: TOP_FEATURES,
          },
          {
            base: 'Playera Polo',
            gender: 'f',
            silhouette: 'tshirt',
            styles: ['Slim Fit', 'Clásica', 'de Piqué', 'Regular Fit'],
            price: [999, 1899],
            sizes: 'ropa',
            brands: ['tommy hilfiger', 'calvin klein', 'guess', "levi's", 'puma'],
            colors: ['blanco', 'marino', 'negro', 'rojo', 'verde', 'gris'],
            materials: ['piqué de algodón', 'algodón con elastano'],
            features: TOP_FEATURES,
          },
        ],
      },
      {
        nombre: 'Camisas',
        descripcion: 'Camisas casuales y de vestir.',
        items: [
          {
            base: 'Camisa',
            gender: 'f',
            silhouette: 'shirt',
            styles: ['Oxford', 'de Lino', 'a Cuadros', 'Slim Fit', 'de Mezclilla', 'de Vestir'],
            price: [1099, 2499],
            sizes: 'ropa',
            brands: ["levi's", 'tommy hilfiger', 'calvin klein', 'guess', 'michael kors'],
            colors: ['blanco', 'azul', 'marino', 'beige', 'negro', 'indigo', 'rosa'],
            materials: ['algodón Oxford', 'lino', 'popelina de algodón', 'mezclilla ligera'],
            features: TOP_FEATURES,
          },
        ],
      },
      {
        nombre: 'Jeans y Pantalones',
        descripcion: 'Jeans, chinos y pantalones cargo.',
        sizeKind: 'pantalon',
        items: [
          {
            base: 'Jeans',
            gender: 'mp',
            silhouette: 'pants',
            styles: ['Slim', 'Straight', 'Regular', 'Skinny'],
            models: { "levi's": ['501 Original', '505 Regular', '511 Slim', '512 Slim Taper', '541 Athletic'] },
            price: [1199, 2699],
            sizes: 'cintura-hombre',
            brands: ["levi's", 'guess', 'tommy hilfiger', 'calvin klein'],
            colors: DENIM_COLORS,
            materials: ['mezclilla de algodón con elastano', 'mezclilla rígida 100% algodón'],
            features: BOTTOM_FEATURES,
          },
          {
            base: 'Pantalón',
            gender: 'm',
            silhouette: 'pants',
            styles: ['Chino', 'Cargo', 'de Vestir', 'Jogger'],
            price: [1099, 2499],
            sizes: 'cintura-hombre',
            brands: ["levi's", 'tommy hilfiger', 'calvin klein', 'guess'],
            colors: ['beige', 'camel', 'marino', 'olivo', 'negro', 'gris'],
            materials: ['gabardina de algodón', 'sarga con elastano', 'algodón'],
            features: BOTTOM_FEATURES,
          },
        ],
      },
      {
        nombre: 'Sudaderas y Chamarras',
        descripcion: 'Sudaderas, bombers y rompevientos.',
        items: [
          {
            base: 'Sudadera',
            gender: 'f',
            silhouette: 'hoodie',
            styles: ['con Capucha', 'Crewneck', 'Full Zip', 'Oversize'],
            price: [1199, 2299],
            sizes: 'ropa',
            brands: CLOTHING.filter((b) => b !== 'michael kors'),
            colors: ['gris', 'negro', 'marino', 'verde', 'vino', 'beige', 'mostaza'],
            materials: ['felpa de algodón', 'French terry', 'algodón con poliéster'],
            features: OUTER_FEATURES,
          },
          {
            base: 'Chamarra',
            gender: 'f',
            silhouette: 'jacket',
            styles: ['Bomber', 'Rompevientos', 'Acolchada', 'Trucker', 'Sherpa'],
            price: [1799, 4999],
            sizes: 'ropa',
            brands: ["levi's", 'tommy hilfiger', 'calvin klein', 'guess', 'nike', 'adidas'],
            colors: ['negro', 'olivo', 'marino', 'indigo', 'camel', 'gris'],
            materials: ['nylon resistente al agua', 'mezclilla de algodón', 'poliéster reciclado'],
            features: OUTER_FEATURES,
          },
        ],
      },
    ],
  },
  {
    key: 'calzado',
    nombre: 'Calzado',
    descripcion: 'Tenis, botas, sandalias y zapatillas.',
    showInHeader: true,
    sizeKind: 'calzado',
    subcategories: [
      {
        nombre: 'Tenis',
        descripcion: 'Tenis urbanos y clásicos.',
        items: [
          {
            base: 'Tenis',
            gender: 'mp',
            silhouette: 'sneaker',
            styles: ['Urbanos', 'Clásicos', 'de Piel', 'Retro', 'Slip On'],
            models: {
              nike: ['Air Force 1', 'Air Max 90', 'Court Vision Low', 'Dunk Low', 'Blazer Mid 77'],
              adidas: ['Samba OG', 'Gazelle', 'Superstar', 'Grand Court 2.0', 'Campus 00s'],
              puma: ['Suede Classic', 'Caven 2.0', 'Carina 2.0', 'Palermo'],
              converse: ['Chuck Taylor All Star', 'Chuck 70', 'Run Star Hike', 'One Star'],
            },
            price: [1299, 3299],
            sizes: 'calzado-unisex',
            brands: ['nike', 'adidas', 'puma', 'converse', 'steve madden', 'guess', 'tommy hilfiger', 'calvin klein'],
            colors: ['blanco', 'negro', 'gris', 'beige', 'rojo', 'marino', 'verde', 'rosa'],
            materials: ['piel genuina', 'lona de algodón', 'piel sintética', 'gamuza'],
            features: SHOE_FEATURES,
          },
        ],
      },
      {
        nombre: 'Botas y Botines',
        descripcion: 'Botas Chelsea, de combate y botines.',
        items: [
          {
            base: 'Botas',
            gender: 'fp',
            silhouette: 'boot',
            styles: ['Chelsea', 'de Combate', 'al Tobillo', 'de Plataforma'],
            price: [1899, 4499],
            sizes: 'calzado-mujer',
            brands: ['steve madden', 'guess', 'michael kors', 'tommy hilfiger', 'calvin klein', "levi's"],
            colors: LEATHER_COLORS,
            materials: ['piel genuina', 'gamuza', 'piel sintética'],
            features: BOOT_FEATURES,
          },
          {
            base: 'Botines',
            gender: 'mp',
            silhouette: 'boot',
            styles: ['Chelsea', 'Casuales', 'de Piel'],
            price: [1999, 3999],
            sizes: 'calzado-hombre',
            brands: ['tommy hilfiger', "levi's", 'calvin klein', 'steve madden'],
            colors: ['cafe', 'negro', 'camel'],
            materials: ['piel genuina', 'gamuza'],
            features: BOOT_FEATURES,
          },
        ],
      },
      {
        nombre: 'Sandalias',
        descripcion: 'Sandalias planas, de plataforma y deportivas.',
        items: [
          {
            base: 'Sandalias',
            gender: 'fp',
            silhouette: 'sandal',
            styles: ['de Plataforma', 'Planas', 'de Tiras', 'Trenzadas'],
            models: { adidas: ['Adilette Comfort'], nike: ['Victori One'] },
            price: [799, 2199],
            sizes: 'calzado-mujer',
            brands: ['steve madden', 'guess', 'michael kors', 'adidas', 'nike', 'calvin klein'],
            colors: ['negro', 'beige', 'camel', 'blanco', 'dorado', 'rosa'],
            materials: ['piel sintética', 'piel genuina', 'hule EVA'],
            features: SHOE_FEATURES,
          },
        ],
      },
      {
        nombre: 'Zapatillas',
        descripcion: 'Zapatillas de tacón y mules.',
        items: [
          {
            base: 'Zapatillas',
            gender: 'fp',
            silhouette: 'heel',
            styles: ['de Tacón', 'Stiletto', 'Mule', 'de Charol', 'Slingback'],
            price: [1499, 3799],
            sizes: 'calzado-mujer',
            brands: ['steve madden', 'guess', 'michael kors', 'calvin klein'],
            colors: ['negro', 'rojo', 'beige', 'rosa', 'dorado', 'vino'],
            materials: ['charol', 'piel sintética', 'gamuza', 'satín'],
            features: ['Tacón de 9 cm', 'Plantilla acolchada', 'Punta almendrada', 'Suela antiderrapante', 'Ideal para eventos'],
          },
        ],
      },
    ],
  },
  {
    key: 'bolsas',
    nombre: 'Bolsas',
    descripcion: 'Bolsas de mano, mochilas y carteras de diseñador.',
    showInHeader: true,
    subcategories: [
      {
        nombre: 'Bolsas de Mano',
        descripcion: 'Totes, crossbody y satchels.',
        items: [
          {
            base: 'Bolsa',
            gender: 'f',
            silhouette: 'handbag',
            styles: ['Tote', 'Satchel', 'Crossbody', 'Shopper', 'de Hombro', 'Bucket'],
            models: { 'michael kors': ['Jet Set Tote', 'Hamilton Satchel', 'Jet Set Crossbody', 'Marilyn Tote', 'Parker Mediana'] },
            price: [1699, 6999],
            sizes: 'unitalla',
            brands: ['michael kors', 'guess', 'steve madden', 'calvin klein', 'tommy hilfiger'],
            colors: LEATHER_COLORS.concat(['rosa', 'marino']),
            materials: ['piel saffiano', 'piel sintética', 'piel genuina granulada', 'lona con logo'],
            features: BAG_FEATURES,
          },
        ],
      },
      {
        nombre: 'Mochilas',
        descripcion: 'Mochilas urbanas, escolares y para laptop.',
        items: [
          {
            base: 'Mochila',
            gender: 'f',
            silhouette: 'backpack',
            styles: ['Urbana', 'Escolar', 'Mini', 'para Laptop', 'Clásica'],
            models: { nike: ['Heritage', 'Brasilia'], adidas: ['Classic Badge of Sport', 'Power VII'], puma: ['Phase', 'Academy'] },
            price: [799, 2799],
            sizes: 'ninguna',
            brands: ['nike', 'adidas', 'puma', 'converse', 'tommy hilfiger', 'calvin klein', 'michael kors'],
            colors: ['negro', 'marino', 'gris', 'rosa', 'verde', 'beige', 'rojo'],
            materials: ['poliéster resistente', 'nylon', 'lona de algodón', 'piel sintética'],
            features: [
              'Compartimento acolchado para laptop de 15"',
              'Tirantes ajustables acolchados',
              'Bolsillo frontal con cierre',
              'Bolsillos laterales para botella',
              'Espalda acolchada',
            ],
          },
        ],
      },
      {
        nombre: 'Carteras',
        descripcion: 'Carteras, tarjeteros y monederos.',
        items: [
          {
            base: 'Cartera',
            gender: 'f',
            silhouette: 'wallet',
            styles: ['Bifold', 'Continental', 'Tarjetero', 'con Broche', 'Trifold'],
            price: [799, 2299],
            sizes: 'ninguna',
            brands: ['michael kors', 'guess', 'tommy hilfiger', 'calvin klein', "levi's", 'steve madden'],
            colors: LEATHER_COLORS,
            materials: ['piel genuina', 'piel saffiano', 'piel sintética'],
            features: [
              'Ranuras para 8 tarjetas',
              'Compartimento para billetes',
              'Monedero con cierre',
              'Protección RFID',
              'Caja de regalo de la marca',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'accesorios',
    nombre: 'Accesorios',
    descripcion: 'Relojes, lentes de sol, cinturones y gorras.',
    showInHeader: false,
    subcategories: [
      {
        nombre: 'Relojes',
        descripcion: 'Relojes analógicos y cronógrafos.',
        items: [
          {
            base: 'Reloj',
            gender: 'm',
            silhouette: 'watch',
            styles: ['Cronógrafo', 'Analógico', 'de Acero', 'Minimalista', 'Multifunción'],
            models: { 'michael kors': ['Lexington', 'Runway', 'Parker', 'Slim Runway'] },
            price: [2299, 6499],
            sizes: 'ninguna',
            brands: ['michael kors', 'guess', 'tommy hilfiger', 'calvin klein'],
            colors: ['dorado', 'plateado', 'negro', 'rosa', 'cafe'],
            materials: ['acero inoxidable', 'correa de piel genuina', 'caja de acero y cristal mineral'],
            features: [
              'Resistente al agua 5 ATM',
              'Movimiento de cuarzo',
              'Caja de 40 mm',
              'Incluye estuche de la marca',
              'Garantía de 2 años',
            ],
          },
        ],
      },
      {
        nombre: 'Lentes de Sol',
        descripcion: 'Lentes de sol con protección UV.',
        items: [
          {
            base: 'Lentes de Sol',
            gender: 'mp',
            silhouette: 'sunglasses',
            styles: ['Aviador', 'Cat Eye', 'Cuadrados', 'Redondos', 'Oversize'],
            price: [1299, 3499],
            sizes: 'ninguna',
            brands: ['michael kors', 'guess', 'tommy hilfiger', 'calvin klein', 'nike'],
            colors: ['negro', 'cafe', 'dorado', 'rosa', 'marino'],
            materials: ['acetato', 'metal ligero', 'policarbonato'],
            features: ['Protección UV400', 'Micas polarizadas', 'Incluye estuche y paño', 'Plaquetas nasales ajustables'],
          },
        ],
      },
      {
        nombre: 'Cinturones',
        descripcion: 'Cinturones de piel y reversibles.',
        items: [
          {
            base: 'Cinturón',
            gender: 'm',
            silhouette: 'belt',
            styles: ['de Piel', 'Reversible', 'Trenzado', 'Clásico'],
            price: [799, 1799],
            sizes: 'cinturon',
            brands: ["levi's", 'tommy hilfiger', 'calvin klein', 'guess', 'michael kors'],
            colors: ['negro', 'cafe', 'camel'],
            materials: ['piel genuina', 'piel sintética'],
            features: ['Hebilla metálica con logo', 'Ancho de 3.5 cm', 'Se puede recortar a la medida', ACCESSORY_FEATURES[0] as string],
          },
        ],
      },
      {
        nombre: 'Gorras',
        descripcion: 'Gorras de béisbol, trucker y dad hats.',
        items: [
          {
            base: 'Gorra',
            gender: 'f',
            silhouette: 'cap',
            styles: ['Baseball', 'Trucker', 'Dad Hat', 'Snapback'],
            price: [799, 1199],
            sizes: 'unitalla',
            brands: ['nike', 'adidas', 'puma', 'converse', 'tommy hilfiger', "levi's", 'guess', 'calvin klein'],
            colors: ['negro', 'blanco', 'marino', 'beige', 'rojo', 'verde', 'rosa'],
            materials: ['sarga de algodón', 'poliéster', 'malla transpirable'],
            features: ['Ajuste trasero con broche', 'Logo bordado al frente', 'Visera curva', 'Ojillos de ventilación'],
          },
        ],
      },
    ],
  },
  {
    key: 'deportivo',
    nombre: 'Deportivo',
    descripcion: 'Ropa, tenis y accesorios para entrenar.',
    showInHeader: true,
    subcategories: [
      {
        nombre: 'Ropa Deportiva',
        descripcion: 'Leggings, shorts, pants y playeras técnicas.',
        sizeKind: 'ropa',
        items: [
          {
            base: 'Leggings',
            gender: 'mp',
            silhouette: 'leggings',
            styles: ['de Compresión', 'High Rise', '7/8', 'Seamless'],
            models: {
              nike: ['One Dri-FIT', 'Pro 365', 'Zenvy'],
              adidas: ['Optime', 'Essentials 3 Franjas'],
              puma: ['Train Favorite', 'Evoknit'],
            },
            price: [899, 1799],
            sizes: 'ropa',
            brands: SPORT,
            colors: SPORT_COLORS,
            materials: ['poliéster reciclado con elastano', 'nylon con spandex'],
            features: SPORT_FEATURES,
          },
          {
            base: 'Playera Deportiva',
            gender: 'f',
            silhouette: 'tshirt',
            styles: ['de Entrenamiento', 'para Correr', 'Sin Mangas'],
            models: { nike: ['Dri-FIT Miler', 'Dri-FIT Legend'], adidas: ['AEROREADY', 'Own the Run'], puma: ['dryCELL', 'Run Favorite'] },
            price: [799, 1299],
            sizes: 'ropa',
            brands: SPORT,
            colors: SPORT_COLORS,
            materials: ['poliéster reciclado', 'malla técnica'],
            features: SPORT_FEATURES,
          },
          {
            base: 'Shorts',
            gender: 'mp',
            silhouette: 'shorts',
            styles: ['de Running', 'de Entrenamiento', 'de Básquetbol'],
            models: { nike: ['Challenger', 'Dri-FIT Totality'], adidas: ['Own the Run', 'Essentials Chelsea'] },
            price: [799, 1199],
            sizes: 'ropa',
            brands: SPORT,
            colors: SPORT_COLORS,
            materials: ['poliéster ligero', 'tejido técnico'],
            features: SPORT_FEATURES,
          },
          {
            base: 'Pants',
            gender: 'mp',
            silhouette: 'pants',
            styles: ['Jogger', 'de Entrenamiento', 'Tiro Clásico'],
            models: { adidas: ['Tiro 24', 'Essentials 3 Franjas'], nike: ['Club Fleece', 'Tech Fleece'], puma: ['Essentials Logo'] },
            price: [999, 2299],
            sizes: 'ropa',
            brands: SPORT,
            colors: ['negro', 'gris', 'marino', 'olivo'],
            materials: ['felpa de algodón', 'poliéster reciclado'],
            features: SPORT_FEATURES,
          },
        ],
      },
      {
        nombre: 'Tenis para Correr',
        descripcion: 'Tenis de running para entrenar y competir.',
        sizeKind: 'calzado',
        items: [
          {
            base: 'Tenis para Correr',
            gender: 'mp',
            silhouette: 'runner',
            styles: ['Ligeros', 'de Entrenamiento'],
            models: {
              nike: ['Pegasus 41', 'Revolution 7', 'Downshifter 13', 'Vomero 17', 'Winflo 11'],
              adidas: ['Ultraboost 5', 'Duramo SL', 'Runfalcon 5', 'Adizero SL', 'Supernova Rise'],
              puma: ['Velocity Nitro 3', 'Deviate Nitro 3', 'Softride Pro', 'Electrify Nitro'],
            },
            price: [1599, 3799],
            sizes: 'calzado-unisex',
            brands: SPORT,
            colors: SPORT_COLORS,
            materials: ['malla técnica transpirable', 'tejido knit'],
            features: RUN_FEATURES,
          },
        ],
      },
      {
        nombre: 'Accesorios Deportivos',
        descripcion: 'Maletas, mochilas y gorras para el gimnasio.',
        items: [
          {
            base: 'Maleta Deportiva',
            gender: 'f',
            silhouette: 'duffel',
            styles: ['Duffel', 'de Gimnasio', 'Mediana'],
            models: { nike: ['Brasilia'], adidas: ['Linear Duffel'], puma: ['Challenger'] },
            price: [799, 1699],
            sizes: 'ninguna',
            brands: SPORT,
            colors: ['negro', 'marino', 'gris', 'rosa', 'rojo'],
            materials: ['poliéster resistente', 'nylon'],
            features: [
              'Compartimento ventilado para tenis',
              'Correa para el hombro desmontable',
              'Bolsillo lateral con cierre',
              'Base resistente al agua',
            ],
          },
          {
            base: 'Gorra Deportiva',
            gender: 'f',
            silhouette: 'cap',
            styles: ['para Correr', 'de Entrenamiento'],
            models: { nike: ['Dri-FIT Club'], adidas: ['AEROREADY Runner'] },
            price: [799, 999],
            sizes: 'unitalla',
            brands: SPORT,
            colors: ['negro', 'blanco', 'gris', 'rosa'],
            materials: ['poliéster ligero', 'malla transpirable'],
            features: ['Banda interior que absorbe el sudor', 'Ajuste trasero', 'Tejido de secado rápido'],
          },
        ],
      },
    ],
  },
];

/** Sizes lists, in display order (a product takes a contiguous run, at most 8). */
export const SIZE_SCALES: Readonly<Record<SizeScale, readonly string[]>> = {
  ropa: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  // Jeans use their own labels so the size filter does not mix them with shoe sizes (22-29).
  'cintura-mujer': ['1', '3', '5', '7', '9', '11', '13', '15'],
  'cintura-hombre': ['28x30', '29x30', '30x30', '30x32', '31x32', '32x30', '32x32', '33x32', '34x32', '36x32', '38x32'],
  'calzado-mujer': ['22', '22.5', '23', '23.5', '24', '24.5', '25', '25.5', '26', '26.5', '27'],
  'calzado-hombre': ['25', '25.5', '26', '26.5', '27', '27.5', '28', '28.5', '29'],
  'calzado-unisex': ['22', '22.5', '23', '23.5', '24', '24.5', '25', '25.5', '26', '26.5', '27', '27.5', '28', '28.5', '29'],
  unitalla: ['Unitalla'],
  cinturon: ['S', 'M', 'L', 'XL'],
  ninguna: [],
};

export interface CampaignDef {
  key: string;
  nombre: string;
  /** days from Mexico City's today */
  startOffset: number;
  endOffset: number;
  products: number;
  /** 'categoryKey/Subcategoría' or 'categoryKey/*' */
  sections: readonly string[];
  brands: readonly string[];
  /** colours of its banner art */
  theme: readonly [string, string];
  silhouettes: readonly Silhouette[];
}

export const CAMPAIGNS: readonly CampaignDef[] = [
  {
    key: 'liquidacion-invierno',
    nombre: 'Liquidación de Invierno',
    startOffset: -21,
    endOffset: -1,
    products: 26,
    sections: [
      'mujer/Chamarras',
      'hombre/Sudaderas y Chamarras',
      'calzado/Botas y Botines',
      'accesorios/Gorras',
      'mujer/Vestidos',
      'hombre/Camisas',
    ],
    brands: BRANDS.map((b) => b.name),
    theme: ['#35506b', '#9fb6c9'],
    silhouettes: ['jacket', 'boot', 'hoodie'],
  },
  {
    key: 'hot-sale-denim',
    nombre: 'Hot Sale Denim',
    startOffset: -6,
    endOffset: 0,
    products: 36,
    sections: [
      'mujer/Jeans',
      'hombre/Jeans y Pantalones',
      'mujer/Chamarras',
      'hombre/Camisas',
      'accesorios/Cinturones',
      'mujer/Blusas y Playeras',
    ],
    brands: ["levi's", 'guess', 'tommy hilfiger', 'calvin klein'],
    theme: ['#1f3a66', '#6f93c4'],
    silhouettes: ['pants', 'jacket', 'shirt'],
  },
  {
    key: 'black-friday-deportivo',
    nombre: 'Black Friday Deportivo',
    startOffset: -4,
    endOffset: 1,
    products: 36,
    sections: ['deportivo/*', 'calzado/Tenis', 'accesorios/Gorras', 'bolsas/Mochilas'],
    brands: ['nike', 'adidas', 'puma', 'converse'],
    theme: ['#111111', '#4a4a4a'],
    silhouettes: ['runner', 'leggings', 'cap'],
  },
  {
    key: 'bolsas-y-accesorios',
    nombre: 'Bolsas y Accesorios de Diseñador',
    startOffset: -2,
    endOffset: 10,
    products: 38,
    sections: [
      'bolsas/Bolsas de Mano',
      'bolsas/Carteras',
      'accesorios/Relojes',
      'accesorios/Lentes de Sol',
      'calzado/Zapatillas',
      'calzado/Sandalias',
      'mujer/Vestidos',
    ],
    brands: ['michael kors', 'guess', 'steve madden', 'calvin klein', 'tommy hilfiger'],
    theme: ['#7a4a3a', '#e3c6b0'],
    silhouettes: ['handbag', 'watch', 'heel'],
  },
  {
    key: 'regreso-a-clases',
    nombre: 'Regreso a Clases',
    startOffset: 7,
    endOffset: 21,
    products: 32,
    sections: [
      'bolsas/Mochilas',
      'calzado/Tenis',
      'hombre/Playeras y Polos',
      'mujer/Blusas y Playeras',
      'hombre/Sudaderas y Chamarras',
      'accesorios/Gorras',
    ],
    brands: ['nike', 'adidas', 'puma', 'converse', "levi's", 'tommy hilfiger'],
    theme: ['#2f7d5b', '#f2c94c'],
    silhouettes: ['backpack', 'sneaker', 'hoodie'],
  },
];

export interface HeroDef {
  title: string;
  subtitle: string;
  buttonText: string;
  /** campaign key for '/tienda?campaign={id}', or null for '/tienda' */
  campaign: string | null;
  theme: readonly [string, string];
  silhouettes: readonly Silhouette[];
  colors: readonly string[];
}

export const HEROES: readonly HeroDef[] = [
  {
    title: 'Hot Sale Denim',
    subtitle: "Jeans y chamarras de Levi's, Guess y Calvin Klein con hasta 60% de descuento",
    buttonText: 'Ver denim',
    campaign: 'hot-sale-denim',
    theme: ['#1f3a66', '#6f93c4'],
    silhouettes: ['jacket', 'pants', 'shirt'],
    colors: ['indigo', 'deslavado', 'blanco'],
  },
  {
    title: 'Black Friday Deportivo',
    subtitle: 'Tenis, ropa y accesorios de Nike, Adidas y Puma a precio de outlet',
    buttonText: 'Comprar ahora',
    campaign: 'black-friday-deportivo',
    theme: ['#151515', '#5a5a5a'],
    silhouettes: ['runner', 'hoodie', 'cap'],
    colors: ['rojo', 'gris', 'blanco'],
  },
  {
    title: 'Bolsas de diseñador',
    subtitle: 'Michael Kors, Guess y Steve Madden: piezas únicas por tiempo limitado',
    buttonText: 'Descubrir',
    campaign: 'bolsas-y-accesorios',
    theme: ['#7a4a3a', '#e3c6b0'],
    silhouettes: ['handbag', 'heel', 'watch'],
    colors: ['camel', 'negro', 'dorado'],
  },
  {
    title: 'Marcas originales hasta 70% menos',
    subtitle: 'Ropa, calzado y accesorios 100% originales con envío a todo México',
    buttonText: 'Tienda',
    campaign: null,
    theme: ['#6c5b7b', '#f8b195'],
    silhouettes: ['dress', 'sneaker', 'backpack'],
    colors: ['rosa', 'blanco', 'marino'],
  },
];

export interface FeaturedCategoryDef {
  nombre: string;
  category: string;
  theme: readonly [string, string];
  silhouettes: readonly Silhouette[];
  colors: readonly string[];
}

export const FEATURED_CATEGORIES: readonly FeaturedCategoryDef[] = [
  { nombre: 'Mujer', category: 'mujer', theme: ['#f3d9dc', '#e8a0b4'], silhouettes: ['dress', 'handbag'], colors: ['vino', 'camel'] },
  { nombre: 'Hombre', category: 'hombre', theme: ['#dfe6ee', '#9fb6c9'], silhouettes: ['jacket', 'pants'], colors: ['olivo', 'indigo'] },
  { nombre: 'Calzado', category: 'calzado', theme: ['#f1eadf', '#dcc8a8'], silhouettes: ['sneaker', 'boot'], colors: ['blanco', 'cafe'] },
  { nombre: 'Bolsas', category: 'bolsas', theme: ['#efe3da', '#c9a58c'], silhouettes: ['handbag', 'wallet'], colors: ['negro', 'rosa'] },
];

/** The one brand banner that links out of the shop (an http link opens in a new tab). */
export const EXTERNAL_BANNER_LINK: { brand: string; url: string } = { brand: "levi's", url: 'https://www.levi.com/MX/es_MX/' };
