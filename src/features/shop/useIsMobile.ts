/** True below the shop's mobile breakpoint (768 px), following window resizes. */
import { useEffect, useState } from 'react';

export const MOBILE_QUERY = '(max-width: 767.98px)';

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return mobile;
}
