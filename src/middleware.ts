/**
 * Every page Astro renders passes here once (at build time for the static pages): Astro's island style
 * moves from the body, where HTML allows no <style>, to the head (src/lib/island-style.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { islandStyleInHead } from './lib/island-style.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  return new Response(islandStyleInHead(await response.text()), response);
});
