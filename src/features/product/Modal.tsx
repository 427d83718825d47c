/**
 * The product page's dialog frames, on the browser's own dialogs (no library): focus stays inside, Escape
 * and a click outside close them, and each is labelled by its title and described by its description.
 * `Modal` is opened by its island (a native modal <dialog>); `PopoverModal` is opened by any button with
 * popoverTarget={id}, so it opens and closes even before the page's JavaScript has loaded.
 */
import { X } from '../../components/icons.tsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Frame {
  title: string;
  description: string;
  children: ReactNode;
}

/** Bottom sheet on phones, centred card from sm up, over a dimmed page. */
const FRAME =
  'm-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-3xl border-0 bg-white p-6 text-neutral-950 shadow-2xl backdrop:bg-neutral-950/50 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-3xl';

function Content({ title, description, children, ids, close }: Frame & { ids: { title: string; description: string }; close: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <h2 id={ids.title} className="text-lg font-bold text-neutral-950">
          {title}
        </h2>
        {close}
      </div>
      <p id={ids.description} className="mt-1 text-sm text-neutral-600">
        {description}
      </p>
      <div className="mt-5">{children}</div>
    </>
  );
}

const closeClass =
  '-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-neutral-950';

/** A click on a dialog's backdrop lands on the dialog element itself, outside its box. */
function onBackdrop(dialog: HTMLElement, e: MouseEvent): boolean {
  const box = dialog.getBoundingClientRect();
  return e.target === dialog && (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom);
}

export default function Modal({ open, onOpenChange, ...frame }: Frame & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), description: useId() };
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  // A click outside closes it (Escape and the close button do from the keyboard).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (e: MouseEvent) => onBackdrop(dialog, e) && onOpenChange(false);
    dialog.addEventListener('click', onClick);
    return () => dialog.removeEventListener('click', onClick);
  }, [onOpenChange]);
  // Its content exists only while it is open: the built page does not carry a dialog nobody opened.
  return (
    <dialog ref={ref} aria-labelledby={ids.title} aria-describedby={ids.description} onClose={() => onOpenChange(false)} className={FRAME}>
      {open && (
        <Content
          {...frame}
          ids={ids}
          close={
            <button type="button" aria-label="Cerrar" onClick={() => onOpenChange(false)} className={closeClass}>
              <X aria-hidden="true" className="size-5" />
            </button>
          }
        />
      )}
    </dialog>
  );
}

export function PopoverModal({ id, ...frame }: Frame & { id: string }) {
  const ids = { title: `${id}-title`, description: `${id}-description` };
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      className={FRAME}
    >
      <Content
        {...frame}
        ids={ids}
        close={
          <button type="button" aria-label="Cerrar" popoverTarget={id} popoverTargetAction="hide" className={closeClass}>
            <X aria-hidden="true" className="size-5" />
          </button>
        }
      />
    </div>
  );
}
