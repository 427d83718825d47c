/** 'Producto no encontrado' with the reason and a way back to the shop (whole view, or compact in place of the buy box). */
import { ArrowLeft, RotateCw, SearchX, WifiOff } from '../../components/icons.tsx';

interface Props {
  reason: string;
  /** In place of the buy box on a built page: just the reason and the back button. */
  compact?: boolean;
}

const back =
  'inline-flex min-h-11 items-center gap-2 rounded-full bg-neutral-950 px-6 text-sm font-semibold text-white transition hover:bg-neutral-800';

export default function NotFoundProduct({ reason, compact = false }: Props) {
  if (compact) {
    return (
      <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
        <p className="font-bold text-amber-950">{reason}</p>
        <p className="mt-1 text-sm text-amber-900">Este producto ya no está disponible. Descubre otras ofertas en la tienda.</p>
        <a href="/tienda" className={`mt-3 ${back}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Volver a la tienda
        </a>
      </div>
    );
  }
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <SearchX aria-hidden="true" className="size-14 text-lime-600" />
      <h1 className="mt-4 text-2xl font-bold text-neutral-950 sm:text-3xl">Producto no encontrado</h1>
      <p role="status" className="mt-3 text-neutral-700">
        {reason}
      </p>
      <a href="/tienda" className={`mt-8 ${back}`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver a la tienda
      </a>
    </section>
  );
}

/** The product could not be asked for (no connection, the server restarting): say so and offer to try again. */
export function ProductLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <WifiOff aria-hidden="true" className="size-14 text-neutral-500" />
      <h1 className="mt-4 text-2xl font-bold text-neutral-950 sm:text-3xl">No se pudo cargar el producto</h1>
      <p className="mt-3 text-neutral-700">Revisa tu conexión e inténtalo de nuevo.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onRetry} className={back}>
          <RotateCw aria-hidden="true" className="size-4" />
          Reintentar
        </button>
        <a
          href="/tienda"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-6 text-sm font-semibold text-neutral-950 transition hover:bg-neutral-100"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Volver a la tienda
        </a>
      </div>
    </section>
  );
}
