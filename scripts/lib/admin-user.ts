/** Creates or updates a back-office account with a role (app_metadata.role) through the Auth admin API. */
import { createClient } from '@supabase/supabase-js';
import type { StaffRole } from '../../admin/common/staff-roles.ts';

export async function ensureAdmin(
  url: string,
  serviceRoleKey: string,
  email: string,
  password: string,
  role: StaffRole = 'owner',
): Promise<'creado' | 'actualizado'> {
  const supabase = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page++) {
    const { data, error } = await supabase.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw new Error(`No se pudo leer los usuarios: ${error.message}`);
    const found = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (found) {
      const { error: updateError } = await supabase.auth.admin.updateUserById(found.id, {
        password,
        app_metadata: { ...found.app_metadata, role },
      });
      if (updateError) throw new Error(`No se pudo actualizar el usuario: ${updateError.message}`);
      return 'actualizado';
    }
    if (data.users.length < 200) break;
  }
  const { error } = await supabase.auth.admin.createUser({
    email: wanted,
    password,
    email_confirm: true,
    app_metadata: { role },
  });
  if (error) throw new Error(`No se pudo crear el usuario: ${error.message}`);
  return 'creado';
}

export const DEMO_ADMIN = {
  email: process.env['DEMO_ADMIN_EMAIL'] ?? 'admin@outlet.local',
  password: process.env['DEMO_ADMIN_PASSWORD'] ?? 'outlet-admin-2026',
};
