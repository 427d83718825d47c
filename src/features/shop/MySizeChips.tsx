/**
 * "Mi talla" on /tienda: one-tap chips that apply the shopper's saved size ('Mi talla: M') when it has
 * products in the current results, and, with a size chosen in a category whose kind of size is known,
 * '☆ Guardar como mi talla'. The saved sizes live on the device (src/stores/my-size.ts): the built
 * page shows none of this, the browser does once it has read them.
 */
import { Star } from '../../components/icons.tsx';
import type { FacetOption } from '../../data/shop.ts';
import type { FilterState } from '../../lib/filters.ts';
import { type MySizes, mySizeChips, type SizeKinds, saveOffer } from '../../lib/my-size.ts';
import { SIZE_KIND_LABELS } from '../../lib/size-guide.ts';
import { $mySizes, saveMySize } from '../../stores/my-size.ts';
import { useStoreValue } from '../../stores/use-store.ts';

interface Props {
  filters: FilterState;
  /** The size facet of the current results (null while loading: no chip is offered). */
  sizes: FacetOption[] | null;
  kinds: SizeKinds;
  /** Applies the size filter. */
  onApply: (size: string) => void;
}

const NOTHING_SAVED: MySizes = {};

export default function MySizeChips({ filters, sizes, kinds, onApply }: Props) {
  const saved = useStoreValue($mySizes, NOTHING_SAVED);
  const chips = sizes ? mySizeChips(saved, filters, kinds, sizes) : [];
  const offer = saveOffer(saved, filters, kinds);
  if (chips.length === 0 && !offer) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <button
          key={chip.kind}
          type="button"
          onClick={() => onApply(chip.size)}
          aria-label={`Filtrar por mi talla de ${SIZE_KIND_LABELS[chip.kind].toLowerCase()}: ${chip.size}`}
          className="inline-flex items-center gap-1.5 rounded-full bg-white py-1 pl-2.5 pr-3 text-sm font-semibold text-neutral-950 ring-1 ring-neutral-950 transition hover:bg-neutral-950 hover:text-white"
        >
          <Star aria-hidden="true" className="size-4 fill-lime-400 text-lime-600" />
          {chip.label}
        </button>
      ))}
      {offer &&
        (offer.saved ? (
          <span className="inline-flex items-center gap-1.5 py-1 text-sm font-medium text-lime-800">
            <Star aria-hidden="true" className="size-4 fill-current" />
            {`Es tu talla de ${SIZE_KIND_LABELS[offer.kind].toLowerCase()}`}
          </span>
        ) : (
          <button
            type="button"
            onClick={() => saveMySize(offer.kind, offer.size)}
            aria-label={`Guardar ${offer.size} como mi talla de ${SIZE_KIND_LABELS[offer.kind].toLowerCase()}`}
            className="inline-flex items-center gap-1.5 rounded-full py-1 pl-2.5 pr-3 text-sm font-semibold text-neutral-800 ring-1 ring-neutral-300 transition hover:bg-neutral-100"
          >
            <Star aria-hidden="true" className="size-4" />
            Guardar como mi talla
          </button>
        ))}
    </div>
  );
}
