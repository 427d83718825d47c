/** Grid of size buttons; the chosen one is pressed. */
interface Props {
  sizes: string[];
  selected: string | null;
  onSelect: (size: string) => void;
  label: string;
}

export default function SizePicker({ sizes, selected, onSelect, label }: Props) {
  return (
    <fieldset aria-label={label} className="grid min-w-0 grid-cols-4 gap-2 sm:grid-cols-5">
      {sizes.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={s === selected}
          onClick={() => onSelect(s)}
          className={`min-h-11 rounded-xl border px-2 text-sm font-semibold transition ${
            s === selected
              ? 'border-neutral-950 bg-neutral-950 text-white'
              : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-950'
          }`}
        >
          {s}
        </button>
      ))}
    </fieldset>
  );
}
