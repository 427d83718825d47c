/** The dashboard test results: build-time counts first, re-run live in the browser with 'Actualizar'. */
import { useEffect, useState } from 'react';
import { shopClient } from '../../data/client.ts';
import { runDashboardQueries, type DashboardResult } from '../../data/dashboard.ts';
import { formatMexicoCityDateTime } from '../../lib/dates.ts';

interface Props {
  initial: DashboardResult;
}

export default function DashboardPanel({ initial }: Props) {
  const [result, setResult] = useState(initial);
  const [source, setSource] = useState<'build' | 'live'>('build');
  const [loading, setLoading] = useState(false);
  // Disabled until hydrated, so a click before then is never lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const refresh = async () => {
    setLoading(true);
    try {
      setResult(await runDashboardQueries(shopClient));
      setSource('live');
    } finally {
      setLoading(false);
    }
  };

  const failed = result.checks.filter((c) => c.error).length;

  return (
    <div aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-neutral-700" aria-live="polite">
          {source === 'build' ? 'Resultados de la compilación' : 'Resultados en vivo desde el navegador'} ·{' '}
          {result.ranAt && <>{formatMexicoCityDateTime(result.ranAt)} (hora de Ciudad de México) · </>}
          <span className={failed ? 'font-semibold text-red-700' : 'font-semibold text-lime-800'}>
            {failed ? `${failed} consulta(s) con error` : 'Todas las consultas correctas'}
          </span>
        </p>
        <button
          type="button"
          onClick={refresh}
          disabled={!ready || loading}
          className="inline-flex items-center gap-2 rounded-full bg-neutral-950 px-5 py-2.5 text-sm font-bold text-white transition hover:bg-neutral-800 disabled:opacity-70"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`size-4 ${loading ? 'animate-spin' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
            <path d="M21 3v5h-5" />
          </svg>
          {loading ? 'Actualizando...' : 'Actualizar'}
        </button>
      </div>

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {result.checks.map((c) => (
          <li key={c.key} className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-5">
            <h3 className="text-sm font-semibold text-neutral-700">{c.label}</h3>
            <p className="mt-auto pt-2 font-display text-3xl font-black tracking-tight text-neutral-950" data-check={c.key}>
              {c.count ?? '—'}
            </p>
            <p className={`mt-1 text-xs ${c.error ? 'text-red-700' : 'text-neutral-600'}`}>
              {c.error ? `Error: ${c.error}` : c.ms === null ? 'Sin medir' : `${c.ms} ms`}
            </p>
          </li>
        ))}
      </ul>

      <h3 className="mt-10 text-lg font-bold text-neutral-950">Muestra de productos con relaciones</h3>
      {result.sample.length === 0 ? (
        <p className="mt-3 text-neutral-600">No hay productos disponibles en este momento.</p>
      ) : (
        <section
          aria-label="Muestra de productos con relaciones"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on narrow screens and holds nothing focusable, so the region itself takes focus for the arrow keys to scroll it
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-2xl border border-neutral-200"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-neutral-50 text-neutral-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Producto
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Marca
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Campaña
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Categoría
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Subcategoría
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {result.sample.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3 font-medium text-neutral-950">{p.nombre}</td>
                  <td className="px-4 py-3 text-neutral-700">{p.marca}</td>
                  <td className="px-4 py-3 text-neutral-700">{p.campaign}</td>
                  <td className="px-4 py-3 text-neutral-700">{p.category ?? '—'}</td>
                  <td className="px-4 py-3 text-neutral-700">{p.subcategory ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
