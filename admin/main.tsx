/** The back office's entry: the react-admin SPA, rendered in the browser only (admin/index.html). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';

const root = document.getElementById('admin');
if (!root) throw new Error('Falta el elemento #admin de admin/index.html.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
