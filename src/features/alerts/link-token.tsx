/**
 * The pages opened from a link of a message (/avisos/baja?t=…, /avisos/confirmar?t=…): on load they
 * read the link's token, refuse one that is not a whole token (copied in part) without calling
 * anything, and otherwise act on it once. While working they say so; a refusal shows in red.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { isUuid } from '../../lib/alerts.ts';

export type LinkState<T> = { step: 'working' } | { step: 'done'; value: T } | { step: 'error'; text: string };

/** Acts once on the page's ?t= token; `invalid` is what a token that is not whole says. */
export function useLinkToken<T>(act: (token: string) => Promise<T>, invalid: string): LinkState<T> {
  const [state, setState] = useState<LinkState<T>>({ step: 'working' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is acted on once, on load
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('t');
    if (!isUuid(token)) {
      setState({ step: 'error', text: invalid });
      return;
    }
    act(token).then(
      (value) => setState({ step: 'done', value }),
      (error: Error) => setState({ step: 'error', text: error.message }),
    );
  }, []);
  return state;
}

/** What the page shows while working (`working`) or after a refusal; once done, `done` of the answer. */
export function LinkResult<T>({ state, working, done }: { state: LinkState<T>; working: string; done: (value: T) => ReactNode }) {
  if (state.step === 'working') {
    return (
      <p role="status" className="text-neutral-700">
        {working}
      </p>
    );
  }
  if (state.step === 'error') {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
        {state.text}
      </p>
    );
  }
  return <>{done(state.value)}</>;
}
