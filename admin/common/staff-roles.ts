/**
 * The back office's roles. A person's role is `app_metadata.role` on their Auth account (only the
 * service key writes app_metadata); the database enforces what each may do (private.staff_role in
 * supabase/schemas/01_extensions_and_helpers.sql). The back office only uses this to show each
 * person what they may use.
 *
 * - owner: everything, including the team, the shop's settings and policies, and the history.
 * - editor: the catalogue, images, imports, campaigns, home content, messages and publishing.
 * - analyst: reads the catalogue with costs and margins, the analytics and exports; changes nothing.
 */
export const STAFF_ROLES = ['owner', 'editor', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Dueño',
  editor: 'Editor',
  analyst: 'Analista',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Todo, incluidos el equipo, la configuración, las políticas y el historial.',
  editor: 'Catálogo, imágenes, importaciones, campañas, mensajes y publicación.',
  analyst: 'Consulta el catálogo con costos y márgenes, la analítica y las exportaciones; no cambia nada.',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The role an account's app_metadata gives, or null for anyone who is not staff. */
export function staffRoleOf(appMetadata: Record<string, unknown> | null | undefined): StaffRole | null {
  const role = appMetadata?.['role'];
  return isStaffRole(role) ? role : null;
}

/** Owners and editors change the catalogue; analysts only read. */
export function canEdit(role: StaffRole | null | undefined): boolean {
  return role === 'owner' || role === 'editor';
}
