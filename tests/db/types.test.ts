/** The committed database types match the schema the migrations build: a migration without `npm run gen:types` fails here. */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { expect, it } from 'vitest';
import { introspect, render } from '../../scripts/gen-types.ts';
import { stack } from './helpers.ts';

it('src/data/database.types.ts is what npm run gen:types generates from the migrations', async () => {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  const generated = await (async () => {
    try {
      return render(await introspect(client));
    } finally {
      await client.end();
    }
  })();
  const committed = await readFile(new URL('../../src/data/database.types.ts', import.meta.url), 'utf8');
  expect(committed, 'src/data/database.types.ts no coincide con el esquema: ejecuta npm run gen:types').toBe(generated);
});
