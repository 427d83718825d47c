/** When the next scheduled rebuild is due: just after midnight in Mexico City, when campaigns end. */

const MEXICO_CITY = 'America/Mexico_City';

/** Milliseconds from `now` until `graceMs` after the next midnight in Mexico City. */
export function msUntilNextMexicoMidnight(now: Date, graceMs = 60_000): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: MEXICO_CITY,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + now.getMilliseconds();
  return 24 * 60 * 60 * 1000 - sinceMidnight + graceMs;
}
