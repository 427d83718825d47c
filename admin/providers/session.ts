/**
 * The admin session's browser-side clock (spec 3 "Admin session", 4, 9): a flag and the login time
 * in localStorage; a session at or past 24 hours is over. Pure apart from the storage passed in.
 */
export const SESSION_LIFETIME_MS = 86_400_000;
export const AUTH_FLAG_KEY = 'outlet_admin_auth';
export const AUTH_TIMESTAMP_KEY = 'outlet_admin_timestamp';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function startSession(store: KeyValueStore, now: number = Date.now()): void {
  store.setItem(AUTH_FLAG_KEY, 'true');
  store.setItem(AUTH_TIMESTAMP_KEY, String(now));
}

export function endSession(store: KeyValueStore): void {
  store.removeItem(AUTH_FLAG_KEY);
  store.removeItem(AUTH_TIMESTAMP_KEY);
}

/** True while the flag reads 'true' and the login time is under 24 hours old; a read error counts as false. */
export function isSessionFresh(store: KeyValueStore, now: number = Date.now()): boolean {
  try {
    if (store.getItem(AUTH_FLAG_KEY) !== 'true') return false;
    const started = Number(store.getItem(AUTH_TIMESTAMP_KEY));
    if (!Number.isFinite(started) || started <= 0) return false;
    return now - started < SESSION_LIFETIME_MS && now >= started;
  } catch (error) {
    console.error(error);
    return false;
  }
}
