/**
 * The state classes right after a large change beside the same classes once the database settled:
 * what the filters section prints for the main size. Right after the bulk seed, and right after a
 * bulk action of the back office, each state is asked once, with only that change's own maintenance;
 * settled is after `vacuum analyze`, each state BENCH_REPEATS times.
 */
import type { ClassTiming, StateTiming } from './class-timings.ts';
import { CLASS_LABELS } from './state-classes.ts';

export interface AfterLoad {
  classes: ClassTiming[];
  /** The ten slowest states, slowest first (one sample each). */
  slowest: StateTiming[];
}

/** A bulk action as an admin runs it, and the states asked once right after it returned. */
export interface AfterBulk extends AfterLoad {
  /** What was done, in words. */
  action: string;
  /** Products it changed. */
  changed: number;
  /** How long the admin waited for it. */
  ms: number;
  /** Every kind of bulk action on the same whole campaign, one after another, as the admin waits for each. */
  actions: BulkTiming[];
}

export interface BulkTiming {
  action: string;
  changed: number;
  ms: number;
}

/** A markdown table of the fresh columns and the settled one, per class, with the goal; and each fresh column's slowest states. */
export function afterLoadDetails(
  afterLoad: AfterLoad,
  afterBulk: AfterBulk | null,
  settled: { classes: ClassTiming[] } | undefined,
  goal: number | null,
  table: (head: string[], rows: string[][]) => string,
): string[] {
  const over = (p95: number) => (goal !== null && p95 > goal ? ' ✗' : '');
  const cell = (classes: ClassTiming[] | undefined, c: ClassTiming) => {
    const s = classes?.find((x) => x.class === c.class);
    return s ? `${s.ours.p50} / ${s.ours.p95}${over(s.ours.p95)}` : '—';
  };
  const slowest = (fresh: AfterLoad) => fresh.slowest.map((s) => `${s.state} ${s.p50} ms`).join('; ');
  return [
    `\n### Recién cargado, recién hecha una acción masiva y asentado: p50 / p95 de cada clase (ms)\n`,
    'Recién cargado: cada estado una vez, justo después de la siembra masiva (que deja vacuum y analyze hechos antes de volver), sin respuestas recordadas.',
    afterBulk
      ? `Recién hecha una acción masiva: cada estado una vez, justo después de que ${afterBulk.action} volvió (${afterBulk.changed.toLocaleString('es-MX')} productos cambiados en ${afterBulk.ms} ms, como admin por la función bulk-update-products, que deja las tablas de la tienda con vacuum antes de responder).`
      : 'Sin acción masiva medida.',
    'Asentado: después de `vacuum analyze` de toda la base, cada estado varias veces.\n',
    table(
      ['clase', 'recién cargado', 'recién hecha la acción masiva', 'asentado', 'meta (p95)'],
      afterLoad.classes.map((c) => [
        CLASS_LABELS[c.class],
        cell(afterLoad.classes, c),
        cell(afterBulk?.classes, c),
        cell(settled?.classes, c),
        goal === null ? '—' : `≤ ${goal}`,
      ]),
    ),
    `\nLos más lentos recién cargado: ${slowest(afterLoad)}`,
    ...(afterBulk ? [`\nLos más lentos recién hecha la acción masiva: ${slowest(afterBulk)}`] : []),
    ...(afterBulk
      ? [
          '\n### Cada acción masiva sobre la campaña entera (como admin, por la función bulk-update-products)\n',
          table(
            ['acción', 'productos cambiados', 'espera del admin (ms)'],
            afterBulk.actions.map((a) => [a.action, a.changed.toLocaleString('es-MX'), String(a.ms)]),
          ),
        ]
      : []),
  ];
}
