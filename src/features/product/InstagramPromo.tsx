/** The Instagram promo: 10% extra on a first purchase, code by direct message mentioning this product. */
import { Camera } from '../../components/icons.tsx';

interface Props {
  /** The shop's Instagram profile; without one the promo has no follow link. */
  instagram: string | null;
}

export default function InstagramPromo({ instagram }: Props) {
  return (
    <aside
      aria-labelledby="promo-instagram"
      className="rounded-2xl bg-gradient-to-br from-fuchsia-50 via-rose-50 to-amber-50 p-4 ring-1 ring-rose-100"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-rose-600 shadow-sm">
          <Camera aria-hidden="true" className="size-5" />
        </span>
        <div className="text-sm">
          <h2 id="promo-instagram" className="font-bold text-neutral-950">
            10% extra en tu primera compra
          </h2>
          <p className="mt-1 text-neutral-700">
            Síguenos en Instagram y envíanos un mensaje directo mencionando este producto: te mandamos tu código de 10% de descuento extra.
            Válido solo en tu primera compra.
          </p>
          {instagram && (
            <a
              href={instagram}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex font-semibold text-rose-700 underline underline-offset-2 hover:text-rose-900"
            >
              Seguir en Instagram
            </a>
          )}
        </div>
      </div>
    </aside>
  );
}
