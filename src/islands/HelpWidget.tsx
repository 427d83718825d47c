/**
 * Floating help at the bottom right: '¿Necesitas ayuda?' opens 'Cómo podemos ayudarte?' with two options,
 * each opening the chat with its message. Closes on an outside click, Escape, the close button or a choice.
 * Never shown on admin routes.
 */
import { LifeBuoy, MessageCircle, ShoppingBag, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { shopChat } from '../config/shop.ts';
import { helpChatLink, problemChatLink } from '../lib/chat.ts';

const OPTIONS = [
  { title: 'Asistente de compra', subtitle: 'Te ayudamos con tu pedido', link: helpChatLink, Icon: ShoppingBag },
  { title: 'Tengo un problema', subtitle: 'Reportar problema con la página', link: problemChatLink, Icon: TriangleAlert },
];

interface Props {
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
}

export default function HelpWidget({ sellerPhone }: Props) {
  const chat = shopChat(sellerPhone);
  const [open, setOpen] = useState(false);
  const [onAdmin, setOnAdmin] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  useEffect(() => setOnAdmin(window.location.pathname.startsWith('/admin')), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (onAdmin) return null;
  return (
    <div ref={root} className="fixed bottom-[calc(1rem+var(--bottom-bar-height,0px))] right-4 z-40 flex flex-col-reverse items-end gap-3 print:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 rounded-full bg-neutral-950 py-3 pl-4 pr-5 text-sm font-semibold text-white shadow-xl ring-2 ring-white transition hover:bg-neutral-800"
      >
        {open ? <LifeBuoy aria-hidden="true" className="size-5 text-lime-300" /> : <MessageCircle aria-hidden="true" className="size-5 text-lime-300" />}
        ¿Necesitas ayuda?
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          className="w-[min(20rem,calc(100vw-2rem))] overflow-hidden rounded-3xl border border-neutral-200 bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between gap-3 bg-neutral-950 px-5 py-4 text-white">
            <h2 id={titleId} className="font-bold">Cómo podemos ayudarte?</h2>
            <button
              type="button"
              aria-label="Cerrar"
              onClick={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
              className="inline-flex size-8 items-center justify-center rounded-full hover:bg-white/15"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <ul className="flex flex-col gap-2 p-3">
            {OPTIONS.map(({ title, subtitle, link, Icon }) => (
              <li key={title}>
                <a
                  href={link(chat)}
                  target="_blank"
                  rel="noopener"
                  onClick={() => setOpen(false)}
                  className="flex items-center gap-3 rounded-2xl p-3 transition hover:bg-lime-50 focus-visible:bg-lime-50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-lime-100 text-lime-800">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex flex-col">
                    <span className="text-sm font-semibold text-neutral-950">{title}</span>
                    <span className="text-xs text-neutral-600">{subtitle}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
