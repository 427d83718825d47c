/** The favourites count in the header link; it pops for 600 ms whenever the count rises. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $favoritesCount } from '../../stores/favorites.ts';

const BUMP_MS = 600;

export default function FavoritesBadge() {
  const count = useStore($favoritesCount);
  // The static HTML cannot know the browser's list: render nothing until mounted, so hydration matches.
  const [mounted, setMounted] = useState(false);
  const [bumping, setBumping] = useState(false);
  const previous = useRef<number | null>(null);
  const badge = useRef<HTMLSpanElement>(null);

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted) return;
    const rose = previous.current !== null && count > previous.current;
    previous.current = count;
    if (!rose) return;
    setBumping(true);
    const timer = setTimeout(() => setBumping(false), BUMP_MS);
    return () => clearTimeout(timer);
  }, [count, mounted]);
  useEffect(() => {
    if (bumping && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      badge.current?.animate(
        [{ transform: 'scale(1)' }, { transform: 'scale(1.45)', offset: 0.35 }, { transform: 'scale(0.92)', offset: 0.7 }, { transform: 'scale(1)' }],
        { duration: BUMP_MS, easing: 'ease-out' },
      );
    }
  }, [bumping]);

  if (!mounted || count === 0) return null;
  return (
    <span
      ref={badge}
      data-bumping={bumping ? 'true' : undefined}
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-lime-400 px-1 text-[11px] font-extrabold leading-none text-neutral-950 ring-2 ring-white sm:static sm:ring-0"
    >
      {count}
    </span>
  );
}
