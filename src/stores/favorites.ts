/**
 * The favourites list, shared by the header badge, every favourite toggle and /favoritos.
 * Persisted in localStorage under one key and kept in sync across tabs (storage events).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { toSummary, type ProductSummary } from '../data/product-summary.ts';
import { addTo, contains, parseFavorites, removeFrom, type Saved } from '../lib/favorites.ts';
import { notify } from './toast.ts';

export const FAVORITES_KEY = 'outlet_favorites';

/** A saved favourite: the product summary (its stored fields) and when it was saved. */
export type Favorite = Saved<ProductSummary>;

export const $favorites = persistentAtom<Favorite[]>(FAVORITES_KEY, [], {
  encode: JSON.stringify,
  decode: parseFavorites<ProductSummary>,
  listen: true,
});

export const $favoritesCount = computed($favorites, (list) => list.length);

export function isFavorite(id: string): boolean {
  return contains($favorites.get(), id);
}

/** Saves the summary of any richer product (a card, the buy box's product). */
export function addFavorite(product: ProductSummary): void {
  $favorites.set(addTo($favorites.get(), toSummary(product), Date.now()));
  notify.success('Agregado a favoritos', product.nombre);
}

export function removeFavorite(id: string): void {
  const product = $favorites.get().find((f) => f.id === id);
  $favorites.set(removeFrom($favorites.get(), id));
  notify.success('Eliminado de favoritos', product?.nombre);
}

export function toggleFavorite(product: ProductSummary): void {
  if (isFavorite(product.id)) removeFavorite(product.id);
  else addFavorite(product);
}

export function clearFavorites(): void {
  $favorites.set([]);
  notify.success('Favoritos eliminados', 'Tu lista de favoritos está vacía');
}
