/**
 * /inicio.json: what the home shows beyond its first view: every hero slide and every featured product
 * (homeFeatured: at most 24, in the admin's order), as the carousels render them, and the rows of the
 * 'Ver todas las campañas' dialog as of the build's day. The home's HTML carries only the first hero
 * slide and the first featured slide; the carousels fetch the rest from here once they run and the
 * dialog on its first opening, so the home page keeps its size whatever the catalogue.
 */
import type { APIRoute } from 'astro';
import { shopClient } from '../data/client.ts';
import { getHomeData } from '../data/home.ts';
import { toSummary } from '../data/product-summary.ts';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import type { CampaignRow, HomeRest } from '../features/home/home-rest.ts';
import { campaignListLabel, campaignProgress } from '../lib/campaign.ts';
import { formatDisplayDate, todayInMexicoCity } from '../lib/dates.ts';
import { renderImageUrl } from '../lib/images.ts';
import { heroSlides } from '../lib/hero.ts';
import { homeFeatured } from '../lib/featured.ts';

export const GET: APIRoute = async () => {
  const today = todayInMexicoCity();
  const home = await getHomeData(shopClient);
  const campaigns = home.campaigns.map(
    (c): CampaignRow => ({
      id: c.id,
      nombre: c.nombre,
      image: c.image_url
        ? renderImageUrl(c.image_url, { width: 192, height: 128, resize: 'cover', transforms: PUBLIC_IMAGE_TRANSFORMS })
        : null,
      label: campaignListLabel(c.fecha_fin, today),
      progress: Math.round(campaignProgress(c, today)),
      endsOn: c.fecha_fin,
      endsOnText: formatDisplayDate(c.fecha_fin),
      productCount: c.product_count,
    }),
  );
  const rest: HomeRest = {
    slides: heroSlides(home.heroImages, home.featured.map(toSummary)),
    featured: homeFeatured(home.featured),
    campaigns,
  };
  return new Response(JSON.stringify(rest), { headers: { 'Content-Type': 'application/json' } });
};
