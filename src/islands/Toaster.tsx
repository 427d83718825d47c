/** The page's one toast region (bottom centre on phones, bottom right on desktop). */
import { Toaster as Sonner } from 'sonner';

export default function Toaster() {
  return <Sonner position="bottom-center" visibleToasts={1} richColors closeButton toastOptions={{ duration: 5000 }} />;
}
