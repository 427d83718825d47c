/** @jsxImportSource preact */
/** Contact form: checks required fields, then simulates the send for 1.5 s (no call), resets and confirms. */
import { useEffect, useRef, useState, type ChangeEvent, type JSX } from 'preact/compat';
import {
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  CONTACT_SUBMIT_DELAY_MS,
  EMPTY_CONTACT_FORM,
  validateContact,
  type ContactField,
  type ContactForm as ContactFormState,
} from '../lib/contact.ts';
import { notify } from '../stores/toast.ts';

const input =
  'mt-1.5 block w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base text-neutral-950 placeholder:text-neutral-500 transition focus:border-neutral-950 focus:outline-none focus:ring-2 focus:ring-lime-400 aria-[invalid=true]:border-red-600';
const label = 'block text-sm font-semibold text-neutral-900';

export default function ContactForm() {
  const [form, setForm] = useState<ContactFormState>(EMPTY_CONTACT_FORM);
  const [invalid, setInvalid] = useState<ContactField[]>([]);
  const [submitting, setSubmitting] = useState(false);
  // The button stays disabled until hydrated: without JavaScript there is nowhere to send the form.
  const [ready, setReady] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setReady(true);
    return () => clearTimeout(timer.current);
  }, []);

  const change = (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm((f) => ({ ...f, [field]: e.currentTarget.value }));
    setInvalid((list) => list.filter((f) => f !== field));
  };

  const submit = (e: JSX.TargetedSubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    const check = validateContact(form);
    if (!check.ok) {
      setInvalid(check.fields);
      notify.error(check.error);
      document.getElementById(`contacto-${check.fields[0]}`)?.focus();
      return;
    }
    setSubmitting(true);
    timer.current = setTimeout(() => {
      setSubmitting(false);
      setForm(EMPTY_CONTACT_FORM);
      notify.success(CONTACT_SENT_TITLE, CONTACT_SENT_DESCRIPTION);
    }, CONTACT_SUBMIT_DELAY_MS);
  };

  const field = (name: ContactField) => ({
    id: `contacto-${name}`,
    name,
    value: form[name],
    onChange: change(name),
    disabled: submitting,
    'aria-invalid': invalid.includes(name) || undefined,
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={submitting} className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor="contacto-name" className={label}>
          Nombre{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <input {...field('name')} type="text" autoComplete="name" required placeholder="Tu nombre" className={input} />
      </div>
      <div>
        <label htmlFor="contacto-email" className={label}>
          Correo electrónico{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <input
          {...field('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="tucorreo@ejemplo.com"
          className={input}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="contacto-subject" className={label}>
          Asunto <span className="font-normal text-neutral-600">(opcional)</span>
        </label>
        <input {...field('subject')} type="text" placeholder="¿Sobre qué nos escribes?" className={input} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="contacto-message" className={label}>
          Mensaje{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <textarea {...field('message')} required rows={6} placeholder="Cuéntanos en qué podemos ayudarte" className={`${input} resize-y`} />
      </div>
      <div className="flex flex-col-reverse gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-neutral-600">
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{' '}
          Campos obligatorios
        </p>
        <button
          type="submit"
          disabled={!ready || submitting}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-neutral-950 px-7 py-3 text-sm font-bold text-white transition hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {submitting && (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin" fill="none" stroke="currentColor" strokeWidth="3">
              <path strokeLinecap="round" d="M12 3a9 9 0 1 0 9 9" />
            </svg>
          )}
          {submitting ? 'Enviando...' : 'Enviar mensaje'}
        </button>
      </div>
    </form>
  );
}
