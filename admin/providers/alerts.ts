/**
 * What the team sets in 'Avisos' beside its reports (which are read as analytics reads, rpc.ts): the
 * discount code a campaign's alerts carry (public.campaign_alerts, owners and editors). The database
 * stores the code upper case and refuses one the shop does not have ('Ese código no existe', PT400);
 * that refusal is thrown with its message and code, for the screen to show as it is.
 */
import { supabase } from './supabase.ts';

/** Sets (or, with null or blank, clears) the code of a campaign's alerts; answers the code as stored. */
export async function setCampaignAlertCode(campaignId: string, code: string | null): Promise<string | null> {
  const { data, error } = await supabase
    .from('campaign_alerts')
    .upsert({ campaign_id: campaignId, codigo_descuento: code?.trim() || null }, { onConflict: 'campaign_id' })
    .select('codigo_descuento')
    .single();
  if (error) throw Object.assign(new Error(error.message || 'Error desconocido'), error.code ? { code: error.code } : {});
  return data.codigo_descuento;
}
