/**
 * Grid of size buttons; the chosen one is pressed. A size with its last piece says 'Última pieza' under
 * its button; a held one says 'Apartada' and a sold-out one 'Agotada' (struck through), and neither can
 * be chosen (aria-disabled, so it stays in the tab order and a screen reader reads its size, that it is
 * unavailable and the word under it). Tapping one of them tells onUnavailable, which offers 'Avísame
 * cuando vuelva'.
 */
import { useId } from 'react';
import { choosable, HELD_SIZE_LABEL, LAST_PIECE_LABEL, type SizeChoice, SOLD_SIZE_LABEL } from '../../lib/stock.ts';

const NOTE: Record<SizeChoice['estado'], string | null> = {
  disponible: null,
  ultima: LAST_PIECE_LABEL,
  apartada: HELD_SIZE_LABEL,
  agotada: SOLD_SIZE_LABEL,
};

interface Props {
  sizes: readonly SizeChoice[];
  selected: string | null;
  onSelect: (size: string) => void;
  label: string;
  /** A held or sold-out size was tapped (to be told when it comes back). */
  onUnavailable?: ((size: string) => void) | undefined;
}

export default function SizePicker({ sizes, selected, onSelect, label, onUnavailable }: Props) {
  const id = useId();
  return (
    <fieldset aria-label={label} className="grid min-w-0 grid-cols-4 items-start gap-2 sm:grid-cols-5">
      {sizes.map((s, i) => {
        const held = !choosable(s);
        const pressed = !held && s.talla === selected;
        const note = NOTE[s.estado];
        const noteId = `${id}-${i}`;
        return (
          <div key={s.talla} className="flex min-w-0 flex-col gap-1">
            <button
              type="button"
              aria-pressed={pressed}
              aria-disabled={held || undefined}
              aria-describedby={note ? noteId : undefined}
              onClick={() => (held ? onUnavailable?.(s.talla) : onSelect(s.talla))}
              className={`min-h-11 rounded-xl border px-2 text-sm font-semibold transition ${
                held
                  ? `cursor-not-allowed border-dashed border-neutral-300 bg-neutral-100 text-neutral-500 ${s.estado === 'agotada' ? 'line-through' : ''}`
                  : pressed
                    ? 'border-neutral-950 bg-neutral-950 text-white'
                    : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-950'
              }`}
            >
              {s.talla}
            </button>
            {note && (
              <span
                id={noteId}
                className={`text-center text-[11px] font-semibold leading-tight ${held ? 'text-neutral-600' : 'text-amber-800'}`}
              >
                {note}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
