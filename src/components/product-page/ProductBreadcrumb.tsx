/** Inicio / Tienda / category / product. */
import { shopHref } from '../../lib/filters.ts';

interface Props {
  nombre: string;
  category_id: string | null;
  category_nombre: string | null;
}

export default function ProductBreadcrumb({ nombre, category_id, category_nombre }: Props) {
  const link = 'hover:text-neutral-950 hover:underline';
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-neutral-600" data-pagefind-ignore>
      <ol className="flex flex-wrap items-center gap-1.5">
        <li><a className={link} href="/">Inicio</a></li>
        <li aria-hidden="true">/</li>
        <li><a className={link} href="/tienda">Tienda</a></li>
        {category_id && category_nombre && (
          <>
            <li aria-hidden="true">/</li>
            <li><a className={link} href={shopHref({ category_id })}>{category_nombre}</a></li>
          </>
        )}
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="max-w-[16rem] truncate font-medium text-neutral-900">{nombre}</li>
      </ol>
    </nav>
  );
}
