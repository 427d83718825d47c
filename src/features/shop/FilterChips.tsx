/** The active filters as removable chips ('Categoría: Tenis ×'). */
import { X } from '../../components/icons.tsx';
import type { FilterKey } from '../../lib/filters.ts';

export interface Chip {
  key: FilterKey;
  label: string;
  value: string;
}

interface Props {
  chips: Chip[];
  onRemove: (key: FilterKey) => void;
}

export default function FilterChips({ chips, onRemove }: Props) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filtros activos" className="flex flex-wrap gap-2">
      {chips.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            onClick={() => onRemove(c.key)}
            aria-label={`Quitar filtro ${c.label}: ${c.value}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-lime-100 py-1 pl-3 pr-2 text-sm text-lime-950 ring-1 ring-lime-300 transition hover:bg-lime-200"
          >
            <span className="truncate">
              <span className="font-semibold">{c.label}:</span> {c.value}
            </span>
            <X aria-hidden="true" className="size-4 shrink-0" />
          </button>
        </li>
      ))}
    </ul>
  );
}
