/** Product page frame (built page and live view): gallery left, details right, related products below. */
import type { ReactNode } from 'react';

/**
 * The built page fills breadcrumb, gallery and related through Astro's named slots, which reach the component
 * as props but which the type checker does not count as props: so none of them is required.
 */
interface Props {
  breadcrumb?: ReactNode;
  gallery?: ReactNode;
  children?: ReactNode;
  related?: ReactNode;
}

export default function ProductLayout({ breadcrumb, gallery, children, related }: Props) {
  return (
    <div className="mx-auto max-w-7xl px-4 pb-32 pt-6 sm:px-6 md:pb-16">
      {breadcrumb}
      <div className="mt-5 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-24 lg:self-start">{gallery}</div>
        <div className="flex flex-col gap-6">{children}</div>
      </div>
      {related}
    </div>
  );
}
