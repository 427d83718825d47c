/** The alerts' settings the pages print (the privacy notice, /avisos): public.alert_settings. */
import type { ShopClient } from './supabase.ts';

export interface AlertSettings {
  /** The longest an unsent alert request is kept, in days. */
  diasMax: number;
  /** Subscribers told per piece of a size back. */
  piezasPorAviso: number;
}

export async function getAlertSettings(client: ShopClient): Promise<AlertSettings> {
  const { data, error } = await client.from('alert_settings').select('dias_max, piezas_por_aviso').eq('id', 1).maybeSingle();
  if (error) throw new Error(`No se pudieron leer los ajustes de avisos: ${error.message}`);
  return { diasMax: data?.dias_max ?? 60, piezasPorAviso: data?.piezas_por_aviso ?? 3 };
}
