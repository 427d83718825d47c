/**
 * "Mi talla": the shopper's own size for each kind of garment (ropa, pantalón, calzado), kept on the
 * device. /tienda offers it as a one-tap chip that applies the size filter, but only when that size
 * has products in the current results, and offers to save the chosen size when the chosen category
 * (or subcategory) says which kind of size it uses.
 */
import { isSizeKind, kindOf, SIZE_KIND_LABELS, SIZE_KINDS, type SizeKind } from './size-guide.ts';

/** The saved size of each kind (a kind without one is absent). */
export type MySizes = Partial<Record<SizeKind, string>>;

/** The kind of size of each category and subcategory that has one (from the build), by id. */
export interface SizeKinds {
  categories: Readonly<Record<string, SizeKind>>;
  subcategories: Readonly<Record<string, SizeKind>>;
}

export const NO_SIZE_KINDS: SizeKinds = { categories: {}, subcategories: {} };

/** A saved size is at most this long (sizes are short labels: 'M', '26.5', '32x30'). */
export const MY_SIZE_MAX = 20;

function cleanSize(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return v !== '' && v.length <= MY_SIZE_MAX ? v : null;
}

/** The stored value read back; anything unreadable (edited by hand, an old format) counts as nothing saved. */
export function parseMySizes(raw: string | undefined | null): MySizes {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const sizes: MySizes = {};
  for (const [kind, size] of Object.entries(value)) {
    const clean = cleanSize(size);
    if (isSizeKind(kind) && clean) sizes[kind] = clean;
  }
  return sizes;
}

/** The sizes with `kind` saved as `size` (trimmed); an empty size forgets the kind's. */
export function withMySize(sizes: MySizes, kind: SizeKind, size: string | null): MySizes {
  const { [kind]: _old, ...rest } = sizes;
  const clean = cleanSize(size);
  return clean ? { ...rest, [kind]: clean } : rest;
}

/** The kind of size of the chosen subcategory, else of the chosen category; null when unknown or none chosen. */
export function kindOfSelection(
  selection: { category_id: string | null; subcategory_id: string | null },
  kinds: SizeKinds,
): SizeKind | null {
  if (!selection.category_id) return null;
  const sub = selection.subcategory_id ? kinds.subcategories[selection.subcategory_id] : undefined;
  return kindOf(kinds.categories[selection.category_id], sub);
}

export interface MySizeChip {
  kind: SizeKind;
  /** The size filter's value: the facet option's id. */
  size: string;
  label: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The 'Mi talla' chips to offer: with a category of a known kind chosen, that kind's saved size; with
 * none chosen, every kind's saved size ('Mi talla de calzado: 26'). Each only when the size facet
 * (its counts apply every other filter) lists it with products, never while a size filter is on, and
 * one chip per size.
 */
export function mySizeChips(
  saved: MySizes,
  selection: { category_id: string | null; subcategory_id: string | null; size_name: string | null },
  kinds: SizeKinds,
  sizeFacet: readonly { id: string; product_count: number }[],
): MySizeChip[] {
  if (selection.size_name) return [];
  const chosenKind = kindOfSelection(selection, kinds);
  if (selection.category_id && !chosenKind) return [];
  const candidates = chosenKind ? [chosenKind] : SIZE_KINDS.filter((k) => saved[k]);
  const chips: MySizeChip[] = [];
  for (const kind of candidates) {
    const size = saved[kind];
    if (!size) continue;
    const option = sizeFacet.find((o) => same(o.id, size) && o.product_count > 0);
    if (!option || chips.some((c) => c.size === option.id)) continue;
    const label = chosenKind ? `Mi talla: ${size}` : `Mi talla de ${SIZE_KIND_LABELS[kind].toLowerCase()}: ${size}`;
    chips.push({ kind, size: option.id, label });
  }
  return chips;
}

/**
 * What the save affordance offers: with a size chosen in a category of a known kind, to save it as
 * that kind's size ('saved' when it already is). Null when there is nothing to save.
 */
export function saveOffer(
  saved: MySizes,
  selection: { category_id: string | null; subcategory_id: string | null; size_name: string | null },
  kinds: SizeKinds,
): { kind: SizeKind; size: string; saved: boolean } | null {
  const size = cleanSize(selection.size_name);
  const kind = kindOfSelection(selection, kinds);
  if (!size || !kind) return null;
  const current = saved[kind];
  return { kind, size, saved: current !== undefined && same(current, size) };
}
