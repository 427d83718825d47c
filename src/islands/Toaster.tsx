/** The page's one toast region (bottom centre). Text colours darkened from sonner's so they pass WCAG AA. */
import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

const contrast = { '--success-text': 'hsl(140 100% 22%)', '--error-text': 'hsl(0 100% 36%)' } as CSSProperties;

export default function Toaster() {
  return <Sonner position="bottom-center" visibleToasts={1} richColors closeButton style={contrast} toastOptions={{ duration: 5000 }} />;
}
