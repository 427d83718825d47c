/**
 * Toasts: one at a time, 5000 ms, titles 'Éxito' / 'Error' unless a screen gives its own. Any island or
 * script may call these; the single toast region of the layout (src/layouts/Toaster.astro) shows them.
 */
import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  /** Tells two toasts with the same text apart (a repeat replaces the one on screen). */
  id: number;
  kind: 'success' | 'error';
  title: string;
  description?: string | undefined;
}

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let lastId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Removes the toast on screen, if any. */
export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}

function show(kind: Toast['kind'], title: string, description?: string): void {
  clearTimeout(timer);
  const toast: Toast = { id: ++lastId, kind, title, description };
  $toast.set(toast);
  timer = setTimeout(() => {
    if ($toast.get() === toast) $toast.set(null);
  }, TOAST_DURATION_MS);
}

export const notify = {
  success(title = 'Éxito', description?: string): void {
    show('success', title, description);
  },
  error(description?: string, title = 'Error'): void {
    show('error', title, description);
  },
};
