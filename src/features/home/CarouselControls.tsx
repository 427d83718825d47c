/** Arrows, dots and the pause button of a home carousel. */
import { ChevronLeft, ChevronRight, Pause, Play } from '../../components/icons.tsx';

interface Props {
  /** What the carousel shows, for the buttons' names ('diapositiva', 'página'). */
  unit: string;
  selected: number;
  snaps: number;
  step: (dir: 1 | -1) => void;
  goTo: (index: number) => void;
  paused: boolean;
  togglePause: () => void;
  autoplays: boolean;
  /** 'dark' over images, 'light' on white. */
  tone?: 'dark' | 'light';
}

/** The controls' props out of a carousel's state (useCarousel). */
export function controls({
  selected,
  snaps,
  step,
  goTo,
  paused,
  togglePause,
  autoplays,
}: Omit<Props, 'unit' | 'tone'>): Omit<Props, 'unit' | 'tone'> {
  return { selected, snaps, step, goTo, paused, togglePause, autoplays };
}

export default function CarouselControls({ unit, selected, snaps, step, goTo, paused, togglePause, autoplays, tone = 'light' }: Props) {
  const button =
    tone === 'dark'
      ? 'bg-white/90 text-neutral-950 hover:bg-white'
      : 'border border-neutral-300 bg-white text-neutral-900 hover:border-neutral-950';
  const dot = (active: boolean) =>
    tone === 'dark'
      ? active
        ? 'w-6 bg-lime-400'
        : 'w-2 bg-white/70 hover:bg-white'
      : active
        ? 'w-6 bg-neutral-950'
        : 'w-2 bg-neutral-300 hover:bg-neutral-500';
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => step(-1)}
        aria-label={`${unit} anterior`}
        className={`inline-flex size-10 items-center justify-center rounded-full shadow-sm transition ${button}`}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      {snaps > 1 && (
        <ul className="flex items-center">
          {Array.from({ length: snaps }, (_, i) => i).map((snap) => (
            <li key={snap}>
              <button
                type="button"
                onClick={() => goTo(snap)}
                aria-label={`Ir a ${unit.toLowerCase()} ${snap + 1} de ${snaps}`}
                aria-current={snap === selected ? 'true' : undefined}
                className="group flex h-6 min-w-6 items-center justify-center px-1"
              >
                <span className={`block h-2 rounded-full transition-all ${dot(snap === selected)}`} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => step(1)}
        aria-label={`${unit} siguiente`}
        className={`inline-flex size-10 items-center justify-center rounded-full shadow-sm transition ${button}`}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
      {autoplays && (
        <button
          type="button"
          onClick={togglePause}
          aria-label={paused ? 'Reanudar el carrusel' : 'Pausar el carrusel'}
          className={`inline-flex size-10 items-center justify-center rounded-full shadow-sm transition ${button}`}
        >
          {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        </button>
      )}
    </div>
  );
}
