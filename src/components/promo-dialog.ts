/**
 * The Instagram promo's dialog, made on its first opening (src/components/PromoPopup.astro): a native
 * modal dialog that Escape, its close button or a click outside close, and whose closing records the time
 * in localStorage. Every page has the trigger; only a shopper who opens it downloads this.
 */

/** Must match what the promo has always stored (shoppers' browsers already hold it). */
export const PROMO_CLOSED_KEY = 'outlet_promo_closed_at';

const CONTENT = `
  <div class="bg-gradient-to-br from-lime-300 to-lime-500 px-6 pb-6 pt-8 text-neutral-950">
    <p class="font-display text-5xl font-black leading-none">10%</p>
    <h2 id="promo-titulo" class="mt-2 text-xl font-bold leading-snug">Descuento extra en tu primera compra</h2>
  </div>
  <div class="px-6 py-5">
    <p id="promo-texto" class="text-sm leading-relaxed text-neutral-700">
      Síguenos en Instagram y obtén 10% de descuento extra en tu primera compra. Te enviamos tu código por mensaje
      directo; para hacerlo válido, menciona el producto que te interesa.
    </p>
    <p class="mt-2 text-xs text-neutral-600">Válido solo en tu primera compra.</p>
    <a data-follow target="_blank" rel="noopener" class="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-full bg-neutral-950 px-6 py-3 text-sm font-bold text-white transition hover:bg-neutral-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" class="size-5" fill="none" stroke="currentColor" stroke-width="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
      </svg>
      Seguir en Instagram
    </a>
  </div>
  <form method="dialog">
    <button aria-label="Cerrar" class="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full text-neutral-950 hover:bg-black/10">
      <svg aria-hidden="true" viewBox="0 0 24 24" class="size-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12" /></svg>
    </button>
  </form>`;

let dialog: HTMLDialogElement | null = null;

function make(instagram: string | null): HTMLDialogElement {
  const d = document.createElement('dialog');
  d.setAttribute('aria-labelledby', 'promo-titulo');
  d.setAttribute('aria-describedby', 'promo-texto');
  d.className =
    'm-auto w-[calc(100vw-2rem)] max-w-md overflow-hidden rounded-3xl bg-white p-0 text-left text-neutral-950 shadow-2xl backdrop:bg-neutral-950/60 backdrop:backdrop-blur-sm';
  // Fixed markup: the only value from outside (the profile's address) is set as an attribute below.
  d.innerHTML = CONTENT;
  const follow = d.querySelector<HTMLAnchorElement>('[data-follow]');
  if (instagram && follow) follow.href = instagram;
  else follow?.remove(); // without a profile the promo has no follow button
  // A click on the backdrop lands on the dialog itself, outside its box.
  d.addEventListener('click', (e) => {
    const box = d.getBoundingClientRect();
    const outside = e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom;
    if (e.target === d && outside) d.close();
  });
  d.addEventListener('close', () => {
    try {
      localStorage.setItem(PROMO_CLOSED_KEY, String(Date.now()));
    } catch (error) {
      console.error('No se pudo guardar el cierre de la promoción', error);
    }
  });
  document.body.append(d);
  return d;
}

export function openPromo(instagram: string | null): void {
  dialog ??= make(instagram);
  dialog.showModal();
}
