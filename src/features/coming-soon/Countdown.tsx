/**
 * An announced campaign's countdown to its start, on the shopper's clock (the start is an instant, so
 * the zone does not matter). The built page shows dashes: it is opened days after it was built, so
 * the numbers appear when the island runs. At zero it asks the database whether the campaign is open
 * (a shopper sees a campaign only once it is live) and then says so, with a link to its products in
 * the shop; while the database says not yet (a clock a little ahead), it asks again every 10 seconds,
 * a few times. The page is never reloaded.
 */
import { useEffect, useState } from 'react';
import { countdown, countdownSentence, twoDigits } from '../../lib/coming-soon.ts';

interface Props {
  campaignId: string;
  /** The instant it opens (ISO). */
  startsAt: string;
  /** The shop filtered by the campaign. */
  href: string;
}

type Phase = 'counting' | 'checking' | 'open' | 'waiting' | 'later';

const RETRY_MS = 10_000;
const TRIES = 12;

const PARTS = [
  ['days', 'días'],
  ['hours', 'horas'],
  ['minutes', 'min'],
  ['seconds', 'seg'],
] as const;

export default function Countdown({ campaignId, startsAt, href }: Props) {
  const [now, setNow] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>('counting');
  const left = now === null ? null : countdown(startsAt, now);
  const reached = left?.done === true;

  // ticks every second until the start
  useEffect(() => {
    setNow(Date.now());
    if (reached) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [reached]);

  // at the start, the database says whether it opened
  useEffect(() => {
    if (!reached) return;
    let stopped = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      tries++;
      setPhase((p) => (p === 'counting' ? 'checking' : p));
      import('./campaign-open.ts')
        .then((live) => live.fetchCampaignOpen(campaignId))
        .catch(() => false)
        .then((open) => {
          if (stopped) return;
          if (open) return setPhase('open');
          if (tries >= TRIES) return setPhase('later');
          setPhase('waiting');
          timer = setTimeout(ask, RETRY_MS);
        });
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reached, campaignId]);

  if (phase === 'open') {
    return (
      <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-lime-300 px-4 py-3">
        <p className="font-display text-lg font-black text-neutral-950">¡Ya empezó!</p>
        <a
          href={href}
          className="inline-flex items-center rounded-full bg-neutral-950 px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          Ver la campaña
        </a>
      </div>
    );
  }
  if (reached) {
    return (
      <p role="status" className="rounded-2xl bg-neutral-950 px-4 py-3 text-center text-sm font-semibold text-lime-300">
        {phase === 'later' ? 'Está por empezar. Vuelve en unos minutos.' : 'Está por empezar…'}
      </p>
    );
  }
  return (
    <div role="timer" aria-label={left ? countdownSentence(left) : 'Cuenta regresiva para el inicio'} className="grid grid-cols-4 gap-2">
      {PARTS.map(([key, label]) => (
        <div key={key} aria-hidden="true" className="rounded-2xl bg-neutral-950 px-1 py-2 text-center">
          <span className="block font-display text-2xl font-black tabular-nums leading-none text-lime-300">
            {left ? twoDigits(left[key]) : '--'}
          </span>
          <span className="mt-1 block text-[11px] font-semibold uppercase tracking-wide text-neutral-300">{label}</span>
        </div>
      ))}
    </div>
  );
}
