/** Height of the page's sticky header (the banner landmark), followed as it resizes: where the filter bar sticks. */
import { useEffect, useState } from 'react';

export function useHeaderHeight(fallback = 64): number {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body > header');
    if (!header) return;
    const update = () => setHeight(header.getBoundingClientRect().height);
    update();
    const ro = new ResizeObserver(update);
    ro.observe(header);
    return () => ro.disconnect();
  }, []);
  return height;
}
