/**
 * Contact form: checks the fields as the shop does (a name, a text, an email or a phone), sends the
 * message to the shop, and confirms and resets, or shows the shop's reason and keeps what was typed.
 * A hidden field people never see ('website') catches bots.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { sendContactMessage } from '../../data/contact.ts';
import {
  CONTACT_MAX_LENGTH,
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  contactPage,
  EMPTY_CONTACT_FORM,
  validateContact,
  type ContactField,
  type ContactForm as ContactFormState,
} from '../../lib/contact.ts';
import { notify } from '../../stores/toast.ts';

const input =
  'mt-1.5 block w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base text-neutral-950 placeholder:text-neutral-500 transition focus:border-neutral-950 focus:outline-none focus:ring-2 focus:ring-lime-400 aria-[invalid=true]:border-red-600';
const label = 'block text-sm font-semibold text-neutral-900';

export default function ContactForm() {
  const [form, setForm] = useState<ContactFormState>(EMPTY_CONTACT_FORM);
  const [invalid, setInvalid] = useState<ContactField[]>([]);
  const [submitting, setSubmitting] = useState(false);
  // The button stays disabled until hydrated: without JavaScript there is nowhere to send the form.
  const [ready, setReady] = useState(false);
  const [website, setWebsite] = useState('');

  useEffect(() => setReady(true), []);

  const change = (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // read now: React clears the event's currentTarget once the handler returns, before the update runs
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    setInvalid((list) => list.filter((f) => f !== field));
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
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
    const page = contactPage(document.referrer, window.location.origin, window.location.pathname);
    const sent = await sendContactMessage(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, { ...check.value, page, website });
    setSubmitting(false);
    if (!sent.ok) {
      notify.error(sent.error);
      return;
    }
    setForm(EMPTY_CONTACT_FORM);
    notify.success(CONTACT_SENT_TITLE, CONTACT_SENT_DESCRIPTION);
  };

  const field = (name: ContactField) => ({
    id: `contacto-${name}`,
    name,
    value: form[name],
    onChange: change(name),
    disabled: submitting,
    maxLength: CONTACT_MAX_LENGTH[name],
    'aria-invalid': invalid.includes(name) || undefined,
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={submitting} className="relative grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor="contacto-name" className={label}>
          Nombre{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </label>
        <input {...field('name')} type="text" autoComplete="name" required placeholder="Tu nombre" className={input} />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm text-neutral-600">
          Escribe tu correo, tu teléfono o ambos para poder responderte.{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="contacto-email" className={label}>
              Correo electrónico
            </label>
            <input
              {...field('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="tucorreo@ejemplo.com"
              className={input}
            />
          </div>
          <div>
            <label htmlFor="contacto-phone" className={label}>
              Teléfono o WhatsApp
            </label>
            <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder="55 1234 5678" className={input} />
          </div>
        </div>
      </fieldset>
      {/* Hidden from people (off screen, out of the tab order and of assistive technology): only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contacto-website">Sitio web</label>
        <input
          id="contacto-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onInput={(e) => setWebsite(e.currentTarget.value)}
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
