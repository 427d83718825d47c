/**
 * The Instagram promo (10% extra off a first purchase, code by direct message, claimed by mentioning the
 * product). It never opens by itself: its trigger sits in the top banner. Closing it records the time in
 * localStorage. Never shown on admin routes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';

export const PROMO_CLOSED_KEY = 'outlet_promo_closed_at';

function rememberClosed(): void {
  try {
    localStorage.setItem(PROMO_CLOSED_KEY, String(Date.now()));
  } catch (error) {
    console.error('No se pudo guardar el cierre de la promoción', error);
  }
}

interface Props {
  /** The shop's Instagram profile; without one the promo has no follow button. */
  instagram: string | null;
}

export default function PromoPopup({ instagram }: Props) {
  const [open, setOpen] = useState(false);
  const [onAdmin, setOnAdmin] = useState(false);
  useEffect(() => setOnAdmin(window.location.pathname.startsWith('/admin')), []);
  if (onAdmin) return null;

  const change = (next: boolean) => {
    if (!next) rememberClosed();
    setOpen(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-neutral-950 px-2.5 py-0.5 text-[11px] font-bold text-lime-300 transition hover:bg-neutral-800 sm:text-xs">
        10% extra<span className="sr-only sm:not-sr-only"> en tu primera compra</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-3xl bg-white text-left shadow-2xl">
          <div className="bg-gradient-to-br from-lime-300 to-lime-500 px-6 pb-6 pt-8 text-neutral-950">
            <p className="font-display text-5xl font-black leading-none">10%</p>
            <Dialog.Title className="mt-2 text-xl font-bold leading-snug">Descuento extra en tu primera compra</Dialog.Title>
          </div>
          <div className="px-6 py-5">
            <Dialog.Description className="text-sm leading-relaxed text-neutral-700">
              Síguenos en Instagram y obtén 10% de descuento extra en tu primera compra. Te enviamos tu código por mensaje
              directo; para hacerlo válido, menciona el producto que te interesa.
            </Dialog.Description>
            <p className="mt-2 text-xs text-neutral-500">Válido solo en tu primera compra.</p>
            {instagram && (
            <a
              href={instagram}
              target="_blank"
              rel="noopener"
              className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-full bg-neutral-950 px-6 py-3 text-sm font-bold text-white transition hover:bg-neutral-800"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <rect x="3" y="3" width="18" height="18" rx="5" />
                <circle cx="12" cy="12" r="4" />
                <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
              </svg>
              Seguir en Instagram
            </a>
            )}
          </div>
          <Dialog.Close aria-label="Cerrar" className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full text-neutral-950 hover:bg-black/10">
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
