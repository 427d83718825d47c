import { type AlertSettings, getAlertSettings } from './alert-settings.ts';
import { getHeaderCategories, type HeaderCategory } from './categories.ts';
import { shopClient } from './client.ts';
import { getShopSettings, type ShopSettings } from './settings.ts';

const TTL_MS = import.meta.env.DEV ? 60_000 : Number.POSITIVE_INFINITY;
let cache: { at: number; value: Promise<HeaderCategory[]> } | null = null;

export function loadHeaderCategories(): Promise<HeaderCategory[]> {
  if (!cache || Date.now() - cache.at > TTL_MS) {
    const value = getHeaderCategories(shopClient);
    cache = { at: Date.now(), value };
    value.catch(() => {
      cache = null; // never keep a failure
    });
  }
  return cache.value;
}

let settingsCache: { at: number; value: Promise<ShopSettings> } | null = null;

/** The shop settings every page shows (footer, help widget), read once per build. */
export function loadShopSettings(): Promise<ShopSettings> {
  if (!settingsCache || Date.now() - settingsCache.at > TTL_MS) {
    const value = getShopSettings(shopClient);
    settingsCache = { at: Date.now(), value };
    value.catch(() => {
      settingsCache = null; // never keep a failure
    });
  }
  return settingsCache.value;
}

let alertCache: { at: number; value: Promise<AlertSettings> } | null = null;

/** The alerts' settings the privacy notice and /avisos print, read once per build. */
export function loadAlertSettings(): Promise<AlertSettings> {
  if (!alertCache || Date.now() - alertCache.at > TTL_MS) {
    const value = getAlertSettings(shopClient);
    alertCache = { at: Date.now(), value };
    value.catch(() => {
      alertCache = null; // never keep a failure
    });
  }
  return alertCache.value;
}
