/**
 * The three collapsible sections (native <details>, so they work without JavaScript): product data (the
 * sanitised description or the default text), shipping and returns (the shop's policies, in the
 * sentences every page uses), reviews.
 */
import { ChevronDown } from '../../components/icons.tsx';
import type { ReactNode } from 'react';
import { defaultDescription } from '../../lib/description.ts';
import {
  deliveryLines,
  freeShippingSentence,
  refundSentence,
  returnsSentence,
  revocationSentence,
  shippingCostSentence,
  type ShopPolicies,
} from '../../lib/policies.ts';

interface Props {
  /** Already sanitised with sanitizeDescription (simple formatting tags only). */
  descriptionHtml: string;
  marca: string;
  sizes: string[];
  policies: ShopPolicies;
}

/** One collapsible section. */
function Section({ title, open = false, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group border-b border-neutral-200 py-1">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 text-base font-bold text-neutral-950 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition group-open:rotate-180" />
      </summary>
      <div className="pb-4 text-sm leading-relaxed text-neutral-700">{children}</div>
    </details>
  );
}

export default function ProductSections({ descriptionHtml, marca, sizes, policies }: Props) {
  return (
    <div className="border-t border-neutral-200">
      <Section title="Datos del producto" open>
        {descriptionHtml ? (
          <div
            data-pagefind-body
            className="space-y-2 [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_ul]:space-y-1"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: every caller passes the description through sanitizeDescription, which keeps only simple formatting tags and no attributes
            dangerouslySetInnerHTML={{ __html: descriptionHtml }}
          />
        ) : (
          <p>{defaultDescription(marca)}</p>
        )}
        {sizes.length > 0 && <p className="mt-3">Tallas disponibles: {sizes.join(', ')}.</p>}
      </Section>
      <Section title="Envíos y devoluciones">
        <ul className="list-disc space-y-1 pl-5">
          {deliveryLines(policies).map((line) => (
            <li key={line}>Entrega en {line}, a partir de la confirmación del pago.</li>
          ))}
          <li>{freeShippingSentence(policies)}</li>
          {policies.freeShippingMin !== null && <li>{shippingCostSentence(policies)}</li>}
          <li>
            {returnsSentence(policies)} {policies.returnConditions}
          </li>
          <li>{revocationSentence(policies)}</li>
          <li>{refundSentence(policies)}</li>
        </ul>
        <p className="mt-3">
          Consulta todas las condiciones en{' '}
          <a href="/terminos" className="font-semibold underline">
            Términos y condiciones
          </a>
          .
        </p>
      </Section>
      <Section title="Reseñas">
        <p>Muy pronto podrás ver las reseñas de nuestros clientes en Instagram.</p>
      </Section>
    </div>
  );
}
