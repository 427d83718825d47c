/** @jsxImportSource preact */
/**
 * The three collapsible sections (native <details>, so they work without JavaScript): product data (the
 * sanitised description or the default text), shipping and returns (product-page policy), reviews.
 */
import { ChevronDown } from '../icons.tsx';
import type { ReactNode } from 'preact/compat';
import { defaultDescription } from '../../lib/description.ts';

interface Props {
  /** Already sanitised with sanitizeDescription (simple formatting tags only). */
  descriptionHtml: string;
  marca: string;
  sizes: string[];
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

export default function ProductSections({ descriptionHtml, marca, sizes }: Props) {
  return (
    <div className="border-t border-neutral-200">
      <Section title="Datos del producto" open>
        {descriptionHtml ? (
          <div
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
          <li>Entrega en 1 a 3 días hábiles.</li>
          <li>Entregas personales gratis en CDMX y zonas del Estado de México.</li>
          <li>Envío gratis en compras mayores a $1,000.</li>
          <li>Devoluciones gratis dentro de 30 días; solicítala en los primeros 7 días tras recibir tu pedido.</li>
          <li>El artículo debe estar sin usar y en su empaque original.</li>
          <li>Revisamos tu devolución en 3 a 5 días hábiles y el reembolso llega en 5 a 10 días hábiles.</li>
        </ul>
      </Section>
      <Section title="Reseñas">
        <p>Muy pronto podrás ver las reseñas de nuestros clientes en Instagram.</p>
      </Section>
    </div>
  );
}
