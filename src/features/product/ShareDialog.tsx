/**
 * Share dialog: copy the link ('Copiado' for 2 s), WhatsApp, Facebook, Twitter, and Instagram, which has no
 * share link, so it copies the link and says to paste it there by hand. It is a popover in the built page,
 * opened by the share button without JavaScript, and the network options are real share links.
 */
import { AtSign, Camera, Check, Copy, MessageCircle, ThumbsUp } from '../../components/icons.tsx';
import { useEffect, useState } from 'react';
import { shareLinks } from '../../lib/chat.ts';
import { notify } from '../../stores/toast.ts';
import { PopoverModal } from './Modal.tsx';

export const COPIED_RESET_MS = 2000;

interface Props {
  /** The popover's id: the share button names it in popoverTarget. */
  id: string;
  url: string;
  text: string;
}

const option =
  'flex min-h-12 items-center gap-3 rounded-2xl border border-neutral-200 px-4 text-sm font-semibold text-neutral-900 transition hover:border-neutral-950';

export default function ShareDialog({ id, url, text }: Props) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async (instagram: boolean) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success(
        '¡Copiado!',
        instagram ? 'Abre Instagram y pega el enlace manualmente.' : 'El enlace del producto está en tu portapapeles.',
      );
    } catch {
      notify.error('No se pudo copiar el enlace');
    }
  };
  const links = shareLinks(url, text);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <PopoverModal id={id} title="Compartir producto" description="Comparte este producto con quien quieras.">
      <div className="flex gap-2">
        <input
          readOnly
          value={url}
          aria-label="Enlace del producto"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-700"
        />
        <button
          type="button"
          onClick={() => copy(false)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-neutral-950 px-4 text-sm font-semibold text-white hover:bg-neutral-800"
        >
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copiado' : 'Copiar enlace'}
        </button>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <a href={links.whatsapp} {...external} className={option}>
          <MessageCircle aria-hidden="true" className="size-5 text-green-700" /> WhatsApp
        </a>
        <a href={links.facebook} {...external} className={option}>
          <ThumbsUp aria-hidden="true" className="size-5 text-blue-700" /> Facebook
        </a>
        <a href={links.twitter} {...external} className={option}>
          <AtSign aria-hidden="true" className="size-5 text-sky-700" /> Twitter
        </a>
        <button type="button" onClick={() => copy(true)} className={option}>
          <Camera aria-hidden="true" className="size-5 text-rose-600" /> Instagram
        </button>
      </div>
      <p className="mt-3 text-xs text-neutral-600">
        Instagram no permite compartir enlaces directamente: copiamos el enlace para que lo pegues tú.
      </p>
    </PopoverModal>
  );
}
