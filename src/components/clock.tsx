/**
 * The clock an island renders its time-dependent parts with ('Nuevo', 'Finaliza en N días'). A page is
 * built once and opened days later, so an island renders first with the build's day (`builtOn`, a
 * prop the page passes, 'yyyy-MM-dd' in Mexico City: its first instant is the time), at build time and
 * again when it hydrates: that first render matches the built HTML, and React keeps that HTML. A day
 * (not the build's instant) keeps a page rebuilt later that day identical, as the incremental build
 * expects of its copies.
 * Right after, it switches to the viewer's clock, and only the badges that changed update. Cards
 * mounted later (a next page of the shop) render with the viewer's clock at once. Outside an island
 * (a page rendered at build time) the time is the build's own.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { mexicoCityMidnight } from '../lib/dates.ts';

const Now = createContext<Date | null>(null);

export function BuildClock({ builtOn, children }: { builtOn: string | undefined; children: ReactNode }) {
  const [live, setLive] = useState(builtOn === undefined);
  useEffect(() => setLive(true), []);
  const now = useMemo(() => (live || builtOn === undefined ? new Date() : mexicoCityMidnight(builtOn)), [live, builtOn]);
  return <Now.Provider value={now}>{children}</Now.Provider>;
}

/** The time to render with: the build's while the island hydrates, the viewer's after. */
export function useNow(): Date {
  return useContext(Now) ?? new Date();
}
