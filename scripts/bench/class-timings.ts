/**
 * Times every state of the state classes (state-classes.ts) as `shop_page` computes it when its
 * answer is not remembered (`shop_query`, baseline-filters.ts: shopPageComputed), as anon through
 * the API, and a few states of each class with the first design (baseline-filters.ts).
 *
 * Each state is timed BENCH_REPEATS times (3), in rounds: one round asks every state once, in an
 * order shuffled anew each round, so no state is asked twice in a row and a state's repeats find
 * the caches as the other states left them (cold-ish, as a shopper's next click). A class's p50
 * and p95 are over every sample of every state and page in it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRng } from '../seed/random.ts';
import { baselineFilterChange, shopPageComputed } from './baseline-filters.ts';
import { options, progress } from './options.ts';
import { CLASS_LABELS, CLASSES, type ClassState, stateLabel, PAGES, type Page, type StateClass } from './state-classes.ts';
import { quantile, type Timing, timed, timing } from './stats.ts';

export interface ClassTiming {
  class: StateClass;
  /** States in the class (values × pages). */
  states: number;
  ours: Timing;
  /** p95 of each page's samples. */
  p95ByPage: Record<Page, number>;
  /** Calls cut by anon's 3 s statement timeout (their time, up to 3 s, is among the samples). */
  timeouts: number;
}

/** One state's timings: its median and slowest sample. */
export interface StateTiming {
  state: string;
  class: StateClass;
  /** The state's median and slowest sample. */
  p50: number;
  max: number;
}

export interface ClassesAtSize {
  repeats: number;
  classes: ClassTiming[];
  /** Every state, slowest (highest median) first. */
  byState: StateTiming[];
  /** Every sample, in ms, by state (same order as the states), for the baseline comparison. */
  samples: number[][];
}

export async function timeClasses(anon: SupabaseClient, states: readonly ClassState[], repeats: number): Promise<ClassesAtSize> {
  const samples: number[][] = states.map(() => []);
  const timeouts: number[] = states.map(() => 0);
  // warm-up: the connection pool and PostgREST's schema cache, not the states' own pages
  for (const s of states.slice(0, 5)) await shopPageComputed(anon, s.args);
  const rng = createRng('shop-state-classes:order');
  for (let round = 0; round < repeats; round++) {
    await askRound(anon, states, rng.shuffle(states.map((_, i) => i)), samples, timeouts);
    progress(`filtros: vuelta ${round + 1}/${repeats} sobre los ${states.length} estados`);
  }
  return summarize(states, samples, timeouts, repeats);
}

/**
 * Every state asked once, as a shop that has just loaded its catalogue first hears each: no state
 * is asked before it is timed (the warm-up reads a category list, not a page), in a shuffled order.
 */
export async function timeOnce(anon: SupabaseClient, states: readonly ClassState[], seed: string): Promise<ClassesAtSize> {
  const samples: number[][] = states.map(() => []);
  const timeouts: number[] = states.map(() => 0);
  // warm-up: the connection pool and PostgREST's schema cache only
  for (let i = 0; i < 3; i++) await anon.from('categories').select('id').limit(1);
  await askRound(anon, states, createRng(seed).shuffle(states.map((_, i) => i)), samples, timeouts);
  return summarize(states, samples, timeouts, 1);
}

async function askRound(anon: SupabaseClient, states: readonly ClassState[], order: number[], samples: number[][], timeouts: number[]) {
  for (const i of order) {
    const state = states[i] as ClassState;
    samples[i]?.push(
      await timed(async () => {
        timeouts[i] = (timeouts[i] ?? 0) + (await shopPageComputed(anon, state.args));
      }),
    );
  }
}

function summarize(states: readonly ClassState[], samples: number[][], timeouts: number[], repeats: number): ClassesAtSize {
  const classes = CLASSES.map((cls): ClassTiming => {
    const of = (keep: (s: ClassState) => boolean) => states.flatMap((s, i) => (s.class === cls && keep(s) ? (samples[i] ?? []) : []));
    return {
      class: cls,
      states: states.filter((s) => s.class === cls).length,
      ours: timing(of(() => true)),
      p95ByPage: Object.fromEntries(
        PAGES.map((p) => [
          p,
          quantile(
            of((s) => s.page === p),
            0.95,
          ),
        ]),
      ) as Record<Page, number>,
      timeouts: states.reduce((n, s, i) => n + (s.class === cls ? (timeouts[i] ?? 0) : 0), 0),
    };
  }).filter((c) => c.states > 0);
  const byState = states
    .map((s, i) => ({ state: stateLabel(s), class: s.class, p50: quantile(samples[i] ?? [], 0.5), max: quantile(samples[i] ?? [], 1) }))
    .sort((a, b) => b.p50 - a.p50);
  const slowest = byState.slice(0, 5);
  for (const c of classes)
    progress(
      `filtros: ${CLASS_LABELS[c.class]} (${c.states} estados): p50 ${c.ours.p50} ms, p95 ${c.ours.p95} ms${c.timeouts > 0 ? `, ${c.timeouts} cortadas a los 3 s` : ''}`,
    );
  progress(`filtros: los 5 más lentos: ${slowest.map((s) => `${s.state} ${s.p50} ms`).join('; ')}`);
  return { repeats, classes, byState, samples };
}

export interface BaselineClass {
  class: StateClass;
  /** The states timed, in words. */
  states: string[];
  /** One filter change with the first design, once per state. */
  baseline: Timing;
  /** `shop_page` on the same states (their samples from timeClasses). */
  ours: Timing;
  /** Requests of the first design cut by anon's 3 s statement timeout. */
  timeouts: number;
  /** baseline p50 / ours p50 */
  ratio: number;
}

/**
 * The first design on a few states of each class, spread over the class's values and pages: at
 * most BENCH_BASELINE_PER_CLASS (4) each, and no more once the class has used its share of
 * BENCH_BASELINE_SECONDS (the first design takes seconds per state at 100,000 products).
 */
export async function timeBaseline(anon: SupabaseClient, states: readonly ClassState[], ours: ClassesAtSize): Promise<BaselineClass[]> {
  const present = CLASSES.filter((cls) => states.some((s) => s.class === cls));
  const share = (options.baselineSeconds * 1000) / Math.max(1, present.length);
  const out: BaselineClass[] = [];
  for (const cls of present) {
    const inClass = states.flatMap((s, i) => (s.class === cls ? [i] : []));
    const step = Math.max(1, Math.floor(inClass.length / options.baselinePerClass));
    const picked = inClass.filter((_, k) => k % step === 0).slice(0, options.baselinePerClass);
    const started = performance.now();
    const baseline: number[] = [];
    const timedStates: number[] = [];
    let timeouts = 0;
    for (const i of picked) {
      if (baseline.length > 0 && performance.now() - started > share) break;
      const state = states[i] as ClassState;
      baseline.push(
        await timed(async () => {
          timeouts += await baselineFilterChange(anon, state.args);
        }),
      );
      timedStates.push(i);
    }
    const b = timing(baseline);
    const o = timing(timedStates.flatMap((i) => ours.samples[i] ?? []));
    const ratio = Math.round((b.p50 / o.p50) * 10) / 10;
    out.push({ class: cls, states: timedStates.map((i) => stateLabel(states[i] as ClassState)), baseline: b, ours: o, timeouts, ratio });
    progress(
      `filtros: diseño original, ${CLASS_LABELS[cls]} (${timedStates.length} estados): p50 ${b.p50} ms, p95 ${b.p95} ms contra p50 ${o.p50} ms (${ratio}x)${timeouts > 0 ? `; ${timeouts} peticiones cortadas a los 3 s` : ''}`,
    );
  }
  return out;
}
