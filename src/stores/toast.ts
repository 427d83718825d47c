/**
 * Toasts (sonner): one at a time, 5000 ms, titles 'Éxito' / 'Error' unless a screen gives its own.
 * Any island may call these; the single <Toaster> island in the layout shows them.
 */
import { toast } from 'sonner';

export const TOAST_DURATION_MS = 5000;

export const notify = {
  success(title = 'Éxito', description?: string): void {
    toast.dismiss();
    toast.success(title, { description, duration: TOAST_DURATION_MS });
  },
  error(description?: string, title = 'Error'): void {
    toast.dismiss();
    toast.error(title, { description, duration: TOAST_DURATION_MS });
  },
};
