/**
 * The favourites list, shared by the header badge, every favourite toggle and /favoritos.
 * Persisted in localStorage under one key and kept in sync across tabs (storage events).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { addTo, contains, parseFavorites, removeFrom, type Favorite, type FavoriteInput } from '../lib/favorites.ts';
import { notify } from './toast.ts';

export const FAVORITES_KEY = 'outlet_favorites';

export const $favorites = persistentAtom<Favorite[]>(FAVORITES_KEY, [], {
  encode: JSON.stringify,
  decode: parseFavorites,
  listen: true,
});

export const $favoritesCount = computed($favorites, (list) => list.length);

export function isFavorite(id: string): boolean {
  return contains($favorites.get(), id);
}

export function addFavorite(product: FavoriteInput): void {
  $favorites.set(addTo($favorites.get(), product, Date.now()));
  notify.success('Agregado a favoritos', product.nombre);
}

export function removeFavorite(id: string): void {
  const product = $favorites.get().find((f) => f.id === id);
  $favorites.set(removeFrom($favorites.get(), id));
  notify.success('Eliminado de favoritos', product?.nombre);
}

export function toggleFavorite(product: FavoriteInput): void {
  if (isFavorite(product.id)) removeFavorite(product.id);
  else addFavorite(product);
}

export function clearFavorites(): void {
  $favorites.set([]);
  notify.success('Favoritos eliminados', 'Tu lista de favoritos está vacía');
}
