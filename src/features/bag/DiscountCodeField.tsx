/**
 * Mi bolsa's discount code: a field and 'Aplicar' while no code is applied; the applied code with
 * what it gives ('10% de descuento en Nike') and 'Quitar' once it is. A code the database refuses
 * says why, in its words ('Este código ya se agotó'), under the field (or under the applied code,
 * when the bag changed and the code no longer applies). What the code takes off is shown in the
 * totals above, from the database's answer (BagPage).
 */
import { type FormEvent, useId, useState } from 'react';
import { Check } from '../../components/icons.tsx';
import { CODE_MAX_LENGTH } from '../../lib/discount-code.ts';

interface Props {
  /** The applied code (stored with the bag), or null. */
  code: string | null;
  /** What the applied code gives, once the database answered; null while it is being checked. */
  resumen: string | null;
  /** Why the typed or applied code cannot be used, in the database's words. */
  refusal: string | null;
  /** Checks the typed code on the bag and applies it when the database accepts it. */
  onApply: (typed: string) => Promise<void>;
  onRemove: () => void;
}

export default function DiscountCodeField({ code, resumen, refusal, onApply, onRemove }: Props) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const messageId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onApply(typed);
    } finally {
      setBusy(false);
    }
  };

  if (code) {
    return (
      <div className="mt-4 border-t border-neutral-200 pt-4">
        <p className="text-sm font-semibold text-neutral-900">Código de descuento</p>
        <div className="mt-1.5 flex items-center gap-2">
          {!refusal && <Check aria-hidden="true" className="size-5 shrink-0 text-lime-700" />}
          <div className="min-w-0 flex-1">
            <p className="font-mono text-sm font-bold text-neutral-950">{code}</p>
            <p className="text-xs text-neutral-600" aria-live="polite">
              {refusal ? '' : (resumen ?? 'Revisando tu código…')}
            </p>
          </div>
          <button
            type="button"
            onClick={() => {
              setTyped('');
              onRemove();
            }}
            aria-label={`Quitar el código ${code}`}
            className="rounded-full px-3 py-1.5 text-xs font-bold text-neutral-950 ring-1 ring-neutral-400 hover:bg-neutral-100"
          >
            Quitar
          </button>
        </div>
        {refusal && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {refusal}
          </p>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 border-t border-neutral-200 pt-4" noValidate>
      <label htmlFor={inputId} className="text-sm font-semibold text-neutral-900">
        Código de descuento
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="BIENVENIDA"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? messageId : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-neutral-300 px-4 font-mono text-sm uppercase text-neutral-950 placeholder:font-sans placeholder:normal-case placeholder:text-neutral-400 aria-[invalid]:border-red-600"
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="min-h-11 shrink-0 rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800 aria-disabled:opacity-70"
        >
          {busy ? 'Revisando…' : 'Aplicar'}
        </button>
      </div>
      {refusal && (
        <p id={messageId} role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {refusal}
        </p>
      )}
    </form>
  );
}
