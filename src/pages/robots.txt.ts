/** /robots.txt: crawl everything but the admin and the test pages; the sitemap's address. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/sitemap.ts';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt((site ?? url).href), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
