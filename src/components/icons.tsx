/**
 * The shop's icons as SVG components, with the same props the shop used from lucide-react (className,
 * strokeWidth, aria-hidden). Their drawings (Lucide's icon set, ISC licence) are the symbols of icons.svg,
 * one file the browser caches for the whole shop: an icon in a page is a reference to its symbol, not its
 * drawing, so a page's HTML (and an island's code) carries no path data.
 */
import type { SVGProps } from 'react';
import sprite from './icons.svg?url';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>;

/** The address of one symbol of icons.svg, for an <svg><use href> outside React (an .astro component). */
export const iconHref = (id: string): string => `${sprite}#${id}`;

/** One icon: Lucide's 24x24 stroked drawing `id` of icons.svg; hidden from assistive technology unless told otherwise. */
function icon(id: string) {
  const href = iconHref(id);
  return ({ strokeWidth = 2, ...props }: IconProps) => (
    <svg
      aria-hidden="true"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={href} />
    </svg>
  );
}

export const ArrowLeft = icon('arrow-left');
export const AtSign = icon('at-sign');
export const BadgeCheck = icon('badge-check');
export const Bell = icon('bell');
export const Camera = icon('camera');
export const Check = icon('check');
export const ChevronDown = icon('chevron-down');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const Clock = icon('clock');
export const Copy = icon('copy');
export const Heart = icon('heart');
export const ImageOff = icon('image-off');
export const LoaderCircle = icon('loader-circle');
export const MessageCircle = icon('message-circle');
export const Pause = icon('pause');
export const Play = icon('play');
export const RotateCw = icon('rotate-cw');
export const Ruler = icon('ruler');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Share2 = icon('share2');
export const ShoppingBag = icon('shopping-bag');
export const SlidersHorizontal = icon('sliders-horizontal');
export const Star = icon('star');
export const ThumbsUp = icon('thumbs-up');
export const WifiOff = icon('wifi-off');
export const X = icon('x');
export const Loader2 = LoaderCircle;
