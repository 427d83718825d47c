/**
 * /guias-de-tallas.json: every size guide by id, as of the build. A product page carries only its guide's
 * id; its 'Guía de tallas' loads the table from here when the shopper reaches for it (one cached file for
 * every product page), so the page's HTML keeps its size whatever the guide.
 */
import type { APIRoute } from 'astro';
import { shopClient } from '../data/client.ts';
import { getSizeGuides } from '../data/size-guides.ts';

export const GET: APIRoute = async () => {
  const guides = await getSizeGuides(shopClient);
  return new Response(JSON.stringify(Object.fromEntries(guides)), { headers: { 'Content-Type': 'application/json' } });
};
