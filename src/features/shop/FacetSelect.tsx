/** One filter selector: a labelled native select whose options show their product count in parentheses. */
import type { FacetOption } from '../../data/shop.ts';

interface Props {
  id: string;
  label: string;
  /** Text of the empty choice ('Todas las categorías'). */
  allLabel: string;
  options: FacetOption[];
  value: string | null;
  /** Label of the chosen value when the options no longer hold it (it matches nothing now). */
  selectedName?: string | undefined;
  disabled?: boolean;
  onChange: (value: string | null) => void;
}

export default function FacetSelect({ id, label, allLabel, options, value, selectedName, disabled = false, onChange }: Props) {
  const missing = value !== null && !options.some((o) => o.id === value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-neutral-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value || null)}
        className="h-10 w-full min-w-0 truncate rounded-xl border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-sm transition hover:border-neutral-400 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500"
      >
        <option value="">{allLabel}</option>
        {missing && <option value={value}>{`${selectedName ?? value} (0)`}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>{`${o.nombre} (${o.product_count})`}</option>
        ))}
      </select>
    </div>
  );
}
