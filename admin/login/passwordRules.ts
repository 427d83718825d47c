/** A new password: at least MIN_PASSWORD characters (Auth itself asks 6), typed the same twice. */
export const MIN_PASSWORD = 8;

/** The message key of what is wrong with a new password and its repetition, or null when it is fine. */
export function passwordProblem(password: string, repeated: string): string | null {
  if (password.length < MIN_PASSWORD) return 'app.auth.password_too_short';
  if (password !== repeated) return 'app.auth.password_mismatch';
  return null;
}

/** The session an email link brings in its fragment (#access_token=…&refresh_token=…&type=invite), or its error. */
export function linkSession(hash: string): { access_token: string; refresh_token: string; type: string } | { error: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { error };
  const access = params.get('access_token');
  const refresh = params.get('refresh_token');
  if (!access || !refresh) return null;
  return { access_token: access, refresh_token: refresh, type: params.get('type') ?? '' };
}
