/**
 * The pages a shopper opens most are valid HTML: html-validate's standard rules (what the HTML
 * standard itself says: permitted content, attributes, nesting) report no error on the home,
 * /tienda, a product page, the bag, favourites, the order page, /proximamente, 404 and the
 * information pages, as the build writes them.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { expect, test } from './test.ts';

const PAGES = [
  'index.html',
  'tienda/index.html',
  'bolsa/index.html',
  'favoritos/index.html',
  'pedido/index.html',
  'proximamente/index.html',
  '404.html',
  'como-comprar/index.html',
  'contacto/index.html',
  'preguntas-frecuentes/index.html',
  'privacidad/index.html',
  'terminos/index.html',
];

test('the shop pages are valid HTML by the standard rules', async () => {
  const dist = process.env['E2E_DIST'];
  if (!dist) throw new Error('E2E_DIST no está definido: ¿corrió tests/e2e/global-setup.ts?');
  const products = (await readdir(join(dist, 'producto'))).sort();
  expect(products.length).toBeGreaterThan(0);
  const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
  const errors: string[] = [];
  for (const file of [...PAGES, `producto/${products[0]}/index.html`]) {
    const report = await validator.validateFile(join(dist, file));
    for (const result of report.results) {
      for (const message of result.messages) errors.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
  }
  expect(errors).toEqual([]);
});
