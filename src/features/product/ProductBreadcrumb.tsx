/** Inicio / Tienda / category / product (productCrumbs, the same trail the page's JSON-LD gives search engines). */
import { Fragment } from 'react';
import { productCrumbs } from '../../lib/structured-data.ts';

interface Props {
  nombre: string;
  category_id: string | null;
  category_nombre: string | null;
}

export default function ProductBreadcrumb(props: Props) {
  const link = 'hover:text-neutral-950 hover:underline';
  const crumbs = productCrumbs(props);
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-neutral-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <Fragment key={c.name + String(i)}>
            {i > 0 && <li aria-hidden="true">/</li>}
            {c.path ? (
              <li>
                <a className={link} href={c.path}>
                  {c.name}
                </a>
              </li>
            ) : (
              <li aria-current="page" className="max-w-[16rem] truncate font-medium text-neutral-900">
                {c.name}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
