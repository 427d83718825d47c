/**
 * 'Guía de tallas': a link that opens the product's size guide (the one the database picks for it:
 * public.size_guide_id), a centred dialog on a laptop and a full-height sheet on a phone. The table
 * shows MX, US and EU sizes and the kind's body measurements in cm; a star on each row saves that size
 * as the shopper's own ("Mi talla", kept on the device), which /tienda then offers as a one-tap filter.
 * A built page passes only its guide's id: the table comes from the build's /guias-de-tallas.json
 * (size-guides.ts), asked for as soon as the shopper points at, touches or focuses the link, so it is
 * there by the click; a product shown live passes the guide itself.
 */
import { Ruler, Star, X } from '../../components/icons.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { MySizes } from '../../lib/my-size.ts';
import {
  guideColumns,
  MEASURE_HINTS,
  MEASURE_LABELS,
  SIZE_GUIDE_MEASURES,
  SIZE_KIND_LABELS,
  type SizeGuide as Guide,
  type SizeGuideRow,
  shopSizeOfRow,
} from '../../lib/size-guide.ts';
import { $mySizes, forgetMySize, saveMySize } from '../../stores/my-size.ts';
import { notify } from '../../stores/toast.ts';
import { useStoreValue } from '../../stores/use-store.ts';
import { loadSizeGuide } from './size-guides.ts';

interface Props {
  /** The guide, or the id of the build's guide (loaded when the shopper reaches for the link). */
  guide: Guide | string;
  /** The product's sizes: a row is saved under the label the product uses for it (S, not CH). */
  sizes: readonly string[];
  /** Classes of the link (it sits beside the 'Talla' label or on a line of its own). */
  className?: string;
}

const NOTHING_SAVED: MySizes = {};

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The row is the shopper's saved size when its shop label, MX, US or EU size is it. */
function isMine(row: SizeGuideRow, sizes: readonly string[], saved: string | undefined): boolean {
  return [shopSizeOfRow(row, sizes), row.mx, row.us, row.eu].some((s) => same(s, saved));
}

/** A click on a dialog's backdrop lands on the dialog element itself, outside its box. */
function onBackdrop(dialog: HTMLElement, e: MouseEvent): boolean {
  const box = dialog.getBoundingClientRect();
  return e.target === dialog && (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom);
}

function GuideTable({ guide, sizes }: { guide: Guide; sizes: readonly string[] }) {
  const saved = useStoreValue($mySizes, NOTHING_SAVED)[guide.tipo_talla];
  const columns = guideColumns(guide.tipo_talla);
  const kind = SIZE_KIND_LABELS[guide.tipo_talla].toLowerCase();
  return (
    <div className="-mx-2 overflow-x-auto px-2 sm:mx-0 sm:px-0">
      <table className="w-full border-separate border-spacing-0 text-left text-[13px] sm:text-sm">
        <caption className="sr-only">{`${guide.nombre}: tallas MX, US y EU y medidas del cuerpo en cm`}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className="whitespace-nowrap border-b border-neutral-300 px-1.5 pb-2 text-xs font-bold text-neutral-600 first:pl-2 sm:px-2 sm:uppercase sm:tracking-wide sm:first:pl-3"
              >
                {c.label}
              </th>
            ))}
            <th scope="col" className="border-b border-neutral-300 px-1.5 pb-2 text-right text-neutral-600 sm:px-2">
              <span className="sr-only">Mi talla</span>
              <Star aria-hidden="true" className="ml-auto size-4" />
            </th>
          </tr>
        </thead>
        <tbody>
          {guide.filas.map((row) => {
            const mine = isMine(row, sizes, saved);
            const label = shopSizeOfRow(row, sizes);
            const cell = `border-b border-neutral-100 px-1.5 py-2 sm:px-2 sm:py-2.5 ${mine ? 'bg-lime-50' : ''}`;
            return (
              <tr key={row.mx} data-mine={mine ? '' : undefined}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.key} scope="row" className={`${cell} whitespace-nowrap pl-2 font-bold text-neutral-950 sm:pl-3`}>
                      {row.mx}
                    </th>
                  ) : (
                    <td key={c.key} className={`${cell} whitespace-nowrap tabular-nums text-neutral-800`}>
                      {row[c.key] ?? '—'}
                    </td>
                  ),
                )}
                <td className={`${cell} text-right`}>
                  <button
                    type="button"
                    aria-pressed={mine}
                    aria-label={mine ? `${label} es tu talla de ${kind}: toca para olvidarla` : `Guardar ${label} como mi talla de ${kind}`}
                    title={mine ? 'Tu talla' : 'Guardar como mi talla'}
                    onClick={() => (mine ? forgetMySize(guide.tipo_talla) : saveMySize(guide.tipo_talla, label))}
                    className={`-my-1.5 inline-flex size-8 items-center justify-center rounded-full transition sm:size-9 ${
                      mine ? 'text-lime-700 hover:bg-lime-100' : 'text-neutral-400 hover:bg-neutral-100 hover:text-neutral-900'
                    }`}
                  >
                    <Star aria-hidden="true" className={`size-5 ${mine ? 'fill-current' : ''}`} />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function GuideBody({ guide, sizes }: { guide: Guide; sizes: readonly string[] }) {
  const measures = SIZE_GUIDE_MEASURES[guide.tipo_talla];
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-neutral-600">
        Medidas del cuerpo en centímetros. Toca <Star aria-hidden="true" className="inline size-4 align-[-3px]" /> para guardar tu talla: la
        tienda te la ofrecerá como filtro.
      </p>
      <GuideTable guide={guide} sizes={sizes} />
      {guide.nota && <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950">{guide.nota}</p>}
      <section aria-labelledby="size-guide-how">
        <h3 id="size-guide-how" className="text-sm font-bold text-neutral-950">
          Cómo medirte
        </h3>
        <dl className="mt-2 grid gap-2 text-sm">
          {measures.map((m) => (
            <div key={m}>
              <dt className="inline font-semibold text-neutral-900">{MEASURE_LABELS[m]}: </dt>
              <dd className="inline text-neutral-600">{MEASURE_HINTS[m]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** Full height on a phone; a centred card, as wide as the table needs, from sm up. */
const FRAME =
  'm-0 h-[100dvh] max-h-none w-full max-w-none overflow-hidden border-0 bg-white p-0 text-neutral-950 shadow-2xl backdrop:bg-neutral-950/50 backdrop:backdrop-blur-sm sm:m-auto sm:h-auto sm:max-h-[85vh] sm:max-w-2xl sm:rounded-3xl';

export default function SizeGuide({ guide: given, sizes, className = '' }: Props) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Guide | null>(null);
  const guide = typeof given === 'string' ? loaded : given;
  const loading = useRef<Promise<Guide | null> | null>(null);
  const load = (): Promise<Guide | null> => {
    if (guide || typeof given !== 'string') return Promise.resolve(guide);
    loading.current ??= loadSizeGuide(given).then(
      (g) => {
        setLoaded(g);
        return g;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  // the shopper reaching for the link: the table is asked for before the click lands
  const reach = () => void load().catch(() => undefined);
  const show = () =>
    load().then(
      (g) => (g ? setOpen(true) : notify.error('No se pudo cargar la guía de tallas')),
      () => notify.error('No se pudo cargar la guía de tallas'),
    );
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (e: MouseEvent) => onBackdrop(dialog, e) && setOpen(false);
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        onClick={() => void show()}
        className={`inline-flex items-center gap-1.5 self-start text-sm font-semibold text-neutral-900 underline decoration-neutral-400 underline-offset-4 transition hover:decoration-neutral-950 ${className}`}
      >
        <Ruler className="size-4" />
        Guía de tallas
      </button>
      <dialog ref={ref} aria-labelledby={titleId} onClose={() => setOpen(false)} className={FRAME}>
        {/* Its content exists only while it is open: the built page does not carry a table nobody opened. */}
        {open && guide && (
          <div className="flex h-full max-h-[inherit] flex-col">
            <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 pb-4 pt-5 sm:px-6">
              <div>
                <h2 id={titleId} className="text-lg font-bold text-neutral-950">
                  Guía de tallas
                </h2>
                <p className="mt-0.5 text-sm text-neutral-600">{guide.nombre}</p>
              </div>
              <button
                type="button"
                aria-label="Cerrar"
                onClick={() => setOpen(false)}
                className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-neutral-950"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
              <GuideBody guide={guide} sizes={sizes} />
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
