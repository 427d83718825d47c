/**
 * Header instant search, 250 ms after the shopper stops typing: brands, categories, campaigns and
 * information pages first ('devoluciones' finds the returns policy, 'nike' the brand), then products
 * with today's price (./site-search.ts). An accessible combobox: arrows move through the results,
 * Enter or a click opens one, Escape closes. Without JavaScript (or before a pick) the form submits
 * the term to /tienda?search=, the database's search. The term is recorded as a search (after a pause
 * in typing, or on submit) and an opened product as a product click.
 */
import { Loader2, Search, X } from '../../components/icons.tsx';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { trackProductClick } from '../../data/analytics.ts';
import type { PlaceHit, ProductHit, SearchHit } from '../../lib/search.ts';
import { useSearchTracking } from '../shop/useSearchTracking.ts';
import type { SiteSearch } from './site-search.ts';

/** Typing pause before the search is sent: one request per settled term, not per keystroke. */
const SEARCH_DELAY_MS = 250;

let search: Promise<SiteSearch> | null = null;

/** The search engine loads on the first focus of the box or search, not with the page: most visits never search. */
function loadSearch(): Promise<SiteSearch> {
  search ??= import('./site-search.ts').then(({ loadSiteSearch }) => loadSiteSearch());
  search.catch(() => {
    search = null; // try again on the next search
  });
  return search;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

export default function HeaderSearch() {
  const ids = { input: useId(), list: useId(), option: useId() };
  const [term, setTerm] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [active, setActive] = useState(-1);
  const [listOpen, setListOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const query = term.trim();
  const tracking = useSearchTracking();
  // The box is uncontrolled (the page's own field, never reset by React): text typed before the
  // island hydrated (on the first touch, client:interaction) is still in it, and searched now.
  const { typed } = tracking;
  useEffect(() => {
    const early = input.current?.value ?? '';
    if (!early) return;
    setTerm(early);
    setListOpen(true);
    typed(early);
  }, [typed]);

  useEffect(() => {
    if (!query) {
      setHits([]);
      setStatus('idle');
      return;
    }
    let current = true;
    setStatus('loading');
    const timer = setTimeout(() => {
      loadSearch()
        .then((send) => send(query))
        .then((found) => {
          if (!current) return; // a newer term replaced this one
          // the list shows brands, categories, campaigns and pages above products: the arrows follow it
          setHits([...found.filter((h) => h.kind !== 'producto'), ...found.filter((h) => h.kind === 'producto')]);
          setActive(-1);
          setStatus('done');
        })
        .catch((error: unknown) => {
          console.error('Búsqueda no disponible', error);
          if (current) setStatus('error');
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    if (panelOpen) input.current?.focus();
  }, [panelOpen]);

  const recordOpen = (hit: SearchHit) => {
    if (hit.kind === 'producto') void trackProductClick({ id: hit.id });
  };
  const open = (hit: SearchHit) => {
    recordOpen(hit);
    window.location.assign(hit.url);
  };
  const close = () => {
    setListOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setListOpen(true);
      if (hits.length === 0) return;
      const n = hits.length;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && listOpen && hits[active]) {
      e.preventDefault();
      open(hits[active]);
    } else if (e.key === 'Escape') {
      if (listOpen && query) close();
      else {
        setTerm('');
        if (input.current) input.current.value = '';
        setPanelOpen(false);
      }
    }
  };

  const showPanel = listOpen && query !== '';
  const showList = showPanel && hits.length > 0;
  const message =
    status === 'loading' && hits.length === 0
      ? 'Buscando...'
      : status === 'error'
        ? 'La búsqueda no está disponible en este momento.'
        : status === 'done' && hits.length === 0
          ? 'No se encontraron resultados'
          : null;
  const announcement =
    !query || status === 'loading'
      ? ''
      : status === 'done'
        ? hits.length === 1
          ? '1 resultado'
          : `${hits.length} resultados`
        : (message ?? '');
  const places = hits.filter((h): h is PlaceHit => h.kind !== 'producto');
  const products = hits.filter((h): h is ProductHit => h.kind === 'producto');
  /** One result as an option of the list; `i` is its place among all the results (arrow keys). */
  const option = (hit: SearchHit, i: number, children: ReactNode) => (
    <a
      key={hit.url}
      id={`${ids.option}-${i}`}
      role="option"
      href={hit.url}
      tabIndex={-1}
      aria-selected={i === active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => recordOpen(hit)}
      onMouseMove={() => setActive(i)}
      className={`flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 ${i === active ? 'bg-lime-50' : ''}`}
    >
      {children}
    </a>
  );

  return (
    <div ref={root} className="lg:relative lg:mr-auto lg:w-full lg:max-w-md">
      <button
        type="button"
        aria-label="Buscar productos"
        aria-expanded={panelOpen}
        onClick={() => setPanelOpen(!panelOpen)}
        className="inline-flex size-9 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100 sm:size-10 lg:hidden"
      >
        {panelOpen ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
      </button>
      <div
        className={`${panelOpen ? 'block' : 'hidden'} absolute inset-x-0 top-full border-b border-neutral-200 bg-white px-4 py-3 shadow-lg sm:px-6 lg:static lg:block lg:border-0 lg:p-0 lg:shadow-none`}
      >
        <search className="block">
          <form
            action="/tienda"
            method="get"
            className="relative"
            onSubmit={(e) => (query ? tracking.submitted(query) : e.preventDefault())}
          >
            <label htmlFor={ids.input} className="sr-only">
              Buscar productos
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" />
            <input
              ref={input}
              id={ids.input}
              name="search"
              type="search"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={showList ? ids.list : undefined}
              aria-activedescendant={showList && active >= 0 ? `${ids.option}-${active}` : undefined}
              placeholder="Buscar productos..."
              defaultValue=""
              onChange={(e) => {
                setTerm(e.currentTarget.value);
                setListOpen(true);
                tracking.typed(e.currentTarget.value);
              }}
              onFocus={() => {
                setListOpen(true);
                loadSearch().catch(() => undefined); // so the first results come sooner
              }}
              onBlur={(e) => {
                if (!root.current?.contains(e.relatedTarget as Node | null)) close();
              }}
              onKeyDown={onKeyDown}
              className="w-full rounded-full border border-neutral-200 bg-neutral-100 py-2 pl-9 pr-9 text-sm text-neutral-950 placeholder:text-neutral-500 focus:border-neutral-950 focus:bg-white focus:outline-none"
            />
            {status === 'loading' && query && (
              <Loader2 aria-hidden="true" className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-neutral-500" />
            )}
            {showPanel && (
              <div className="absolute inset-x-0 top-full z-50 mt-2 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl lg:right-auto lg:w-[28rem]">
                {showList ? (
                  <div id={ids.list} role="listbox" aria-label="Resultados de la búsqueda">
                    {places.length > 0 && (
                      // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; a fieldset is for form fields
                      <div role="group" aria-label="Marcas, categorías y páginas">
                        {places.map((hit, i) =>
                          option(
                            hit,
                            i,
                            <span className="flex min-w-0 flex-col py-0.5">
                              <span className="flex items-baseline gap-2">
                                <span className="shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-neutral-600">
                                  {hit.label}
                                </span>
                                <span className="truncate text-sm font-semibold text-neutral-950">{hit.title}</span>
                              </span>
                              {hit.excerpt.length > 0 && (
                                <span className="mt-0.5 line-clamp-2 text-xs text-neutral-600">
                                  {hit.excerpt.map((part, k) =>
                                    part.marked ? (
                                      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
                                      <mark key={k} className="bg-lime-100 text-neutral-950">
                                        {part.text}
                                      </mark>
                                    ) : (
                                      part.text
                                    ),
                                  )}
                                </span>
                              )}
                            </span>,
                          ),
                        )}
                      </div>
                    )}
                    {products.length > 0 && (
                      // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; a fieldset is for form fields
                      <div role="group" aria-label="Productos" className={places.length > 0 ? 'mt-1 border-t border-neutral-100 pt-1' : ''}>
                        {products.map((hit, i) =>
                          option(
                            hit,
                            places.length + i,
                            <>
                              <span className="h-12 w-10 shrink-0 overflow-hidden rounded-lg bg-neutral-100">
                                {hit.image && (
                                  <img src={hit.image} alt="" width={40} height={50} loading="lazy" className="size-full object-cover" />
                                )}
                              </span>
                              <span className="flex min-w-0 flex-col">
                                <span className="truncate text-sm font-semibold text-neutral-950">{hit.title}</span>
                                <span className="flex items-baseline gap-2 text-xs">
                                  {hit.brand && <span className="font-medium uppercase tracking-wide text-neutral-600">{hit.brand}</span>}
                                  <span className="text-sm font-bold text-neutral-950">{hit.price}</span>
                                </span>
                              </span>
                            </>,
                          ),
                        )}
                      </div>
                    )}
                  </div>
                ) : (
                  message && <p className="px-3 py-4 text-sm text-neutral-600">{message}</p>
                )}
              </div>
            )}
            <p aria-live="polite" className="sr-only">
              {announcement}
            </p>
          </form>
        </search>
      </div>
    </div>
  );
}
