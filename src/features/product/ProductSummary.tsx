/**
 * Product heading: 'Altamente valorado' and campaign badges, name, brand, category chips and the
 * 'Producto Original' note. The header search indexes its words (the built page marks it as indexed),
 * all but those every product shares (data-pagefind-ignore).
 */
import { BadgeCheck, Clock, Star } from '../../components/icons.tsx';
import type { ProductDetail } from '../../data/product.ts';
import { remainingBadge } from '../../lib/campaign.ts';
import { shopHref } from '../../lib/filters.ts';

type SummaryProduct = Pick<
  ProductDetail,
  'nombre' | 'marca' | 'destacado' | 'campaign' | 'category_id' | 'category_nombre' | 'subcategory_id' | 'subcategory_nombre'
>;

const chip = 'rounded-full border border-neutral-300 px-3 py-1 text-xs font-semibold text-neutral-800 transition hover:border-neutral-950';

export default function ProductSummary({ product: p }: { product: SummaryProduct }) {
  const countdown = remainingBadge(p.campaign.fecha_fin);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        {p.destacado && (
          <span
            data-pagefind-ignore
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900"
          >
            <Star aria-hidden="true" className="size-3.5 fill-current" />
            Altamente valorado
          </span>
        )}
        <span className="inline-flex items-center gap-1 rounded-full bg-neutral-950 px-3 py-1 text-xs font-bold text-white">
          {p.campaign.nombre}
          {countdown && (
            <span data-pagefind-ignore className="contents">
              <span aria-hidden="true">·</span>
              <Clock aria-hidden="true" className="size-3.5" />
              {countdown}
            </span>
          )}
        </span>
      </div>
      <h1 className="mt-3 font-display text-2xl font-black leading-tight tracking-tight text-neutral-950 sm:text-3xl">{p.nombre}</h1>
      {p.marca.trim() && <p className="mt-1 text-sm font-semibold uppercase tracking-widest text-neutral-600">{p.marca}</p>}
      {(p.category_nombre || p.subcategory_nombre) && (
        <ul aria-label="Categoría" className="mt-3 flex flex-wrap gap-2">
          {p.category_id && p.category_nombre && (
            <li>
              <a className={chip} href={shopHref({ category_id: p.category_id })}>
                {p.category_nombre}
              </a>
            </li>
          )}
          {p.category_id && p.subcategory_id && p.subcategory_nombre && (
            <li>
              <a className={chip} href={shopHref({ category_id: p.category_id, subcategory_id: p.subcategory_id })}>
                {p.subcategory_nombre}
              </a>
            </li>
          )}
        </ul>
      )}
      <p data-pagefind-ignore className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-lime-800">
        <BadgeCheck aria-hidden="true" className="size-4" />
        Producto Original
        <span className="font-normal text-neutral-600">· nuevo, con etiquetas</span>
      </p>
    </div>
  );
}
