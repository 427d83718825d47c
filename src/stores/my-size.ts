/**
 * "Mi talla": the shopper's size per kind of garment, shared by /tienda's chip and save button and the
 * product page's size guide. Persisted in localStorage under one key and kept in sync across tabs
 * (storage events), as the favourites are.
 */
import { persistentAtom } from '@nanostores/persistent';
import { type MySizes, parseMySizes, withMySize } from '../lib/my-size.ts';
import { SIZE_KIND_LABELS, type SizeKind } from '../lib/size-guide.ts';
import { notify } from './toast.ts';

export const MY_SIZE_KEY = 'outlet_my_size';

export const $mySizes = persistentAtom<MySizes>(
  MY_SIZE_KEY,
  {},
  {
    encode: JSON.stringify,
    decode: parseMySizes,
    listen: true,
  },
);

/** Saves `size` as the shopper's size of this kind (replacing the kind's old one) and says so. */
export function saveMySize(kind: SizeKind, size: string): void {
  $mySizes.set(withMySize($mySizes.get(), kind, size));
  notify.success('Guardamos tu talla', `${SIZE_KIND_LABELS[kind]}: ${size.trim()}. La tienda te la ofrecerá como filtro.`);
}

/** Forgets the shopper's size of this kind. */
export function forgetMySize(kind: SizeKind): void {
  $mySizes.set(withMySize($mySizes.get(), kind, null));
  notify.success('Olvidamos tu talla', `Ya no tienes talla de ${SIZE_KIND_LABELS[kind].toLowerCase()} guardada.`);
}
