/**
 * 'Próximamente': the campaigns announced ahead of their start. Before a campaign opens a shopper may
 * read only what public.announced_campaigns gives (its name, teaser, start and last day), never its
 * products; once it opens, the campaign is live and row-level security shows it like any other.
 */
import type { ShopClient } from './supabase.ts';

export interface AnnouncedCampaign {
  id: string;
  nombre: string;
  /** The instant it opens (ISO), its start day at its start hour in Mexico City. */
  inicia_en: string;
  /** Its last day, 'yyyy-MM-dd'. */
  fecha_fin: string;
  teaser_url: string | null;
}

/** The campaigns announced today or earlier (Mexico City) and not open yet, soonest first. */
export async function getAnnouncedCampaigns(db: ShopClient): Promise<AnnouncedCampaign[]> {
  const { data, error } = await db.rpc('announced_campaigns');
  if (error) throw new Error(`No se pudieron cargar las campañas anunciadas: ${error.message}`);
  return data.map((c) => ({
    id: c.id,
    nombre: c.nombre,
    inicia_en: c.inicia_en,
    fecha_fin: c.fecha_fin,
    teaser_url: c.teaser_url || null,
  }));
}

/** Whether the campaign is open now: the database shows a shopper a campaign only once it is live. */
export async function isCampaignOpen(db: ShopClient, id: string): Promise<boolean> {
  const { data, error } = await db.from('campaigns').select('id').eq('id', id).maybeSingle();
  if (error) throw new Error(`No se pudo consultar la campaña: ${error.message}`);
  return data !== null;
}
