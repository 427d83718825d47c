/**
 * The dialog that asks for an email where web push is not available ('Te avisamos por correo'): the
 * address, the database's refusal in Spanish under it, and what the shop keeps with a link to the
 * privacy notice. `onSend` asks for the alert with the address and throws the refusal; the dialog
 * closes when it does not.
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Modal from '../product/Modal.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the shopper is told by email (the dialog's description). */
  question: string;
  /** What the shop keeps of the email, and for how long (before the privacy notice's link). */
  kept: ReactNode;
  onSend: (email: string) => Promise<void>;
}

export default function EmailDialog({ open, onOpenChange, question, kept, onSend }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await onSend(email.trim());
      onOpenChange(false);
    } catch (refusal) {
      setError((refusal as Error).message);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Te avisamos por correo" description={question}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
        <label htmlFor={emailId} className="text-sm font-semibold text-neutral-900">
          Correo electrónico
        </label>
        <input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="nombre@correo.com"
          className="min-h-12 rounded-xl border border-neutral-300 px-4 text-base text-neutral-950 focus:border-neutral-950 focus:outline-none"
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button type="submit" className="min-h-12 rounded-full bg-lime-400 px-6 text-base font-bold text-neutral-950 hover:bg-lime-300">
          Avisarme
        </button>
        <p className="text-xs text-neutral-600">
          {kept}{' '}
          <a href="/privacidad" className="font-semibold underline underline-offset-2">
            Aviso de privacidad
          </a>
        </p>
      </form>
    </Modal>
  );
}
