/**
 * The state classes right after a load beside the same classes once the database settled: what the
 * filters section prints for the main size. Right after the load each state is asked once, with
 * only the load's own maintenance; settled is after `vacuum analyze`, each state BENCH_REPEATS times.
 */
import type { ClassTiming, StateTiming } from './class-timings.ts';
import type { CurvePoint } from './filters.ts';
import { CLASS_LABELS } from './state-classes.ts';

export interface AfterLoad {
  classes: ClassTiming[];
  /** The ten slowest states, slowest first (one sample each). */
  slowest: StateTiming[];
}

/** A markdown table of both, per class, with the goal; and the slowest states right after the load. */
export function afterLoadDetails(
  afterLoad: AfterLoad,
  settled: CurvePoint | undefined,
  goal: number | null,
  table: (head: string[], rows: string[][]) => string,
): string[] {
  const over = (p95: number) => (goal !== null && p95 > goal ? ' ✗' : '');
  return [
    `\n### Recién cargado y asentado: p50 / p95 de cada clase (ms)\n`,
    'Recién cargado: cada estado una vez, justo después de la siembra masiva (que deja vacuum y analyze hechos antes de volver), sin respuestas recordadas. Asentado: después de `vacuum analyze` de toda la base, cada estado varias veces.\n',
    table(
      ['clase', 'recién cargado', 'asentado', 'meta (p95)'],
      afterLoad.classes.map((c) => {
        const s = settled?.classes.find((x) => x.class === c.class);
        return [
          CLASS_LABELS[c.class],
          `${c.ours.p50} / ${c.ours.p95}${over(c.ours.p95)}`,
          s ? `${s.ours.p50} / ${s.ours.p95}${over(s.ours.p95)}` : '—',
          goal === null ? '—' : `≤ ${goal}`,
        ];
      }),
    ),
    `\nLos más lentos recién cargado: ${afterLoad.slowest.map((s) => `${s.state} ${s.p50} ms`).join('; ')}`,
  ];
}
