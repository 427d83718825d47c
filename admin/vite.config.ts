/**
 * The back office's build: a React SPA of its own (admin/index.html), served at /admin/. It is built
 * apart from the shop's pages and at the same time as them (scripts/lib/build.ts), so a publication
 * never waits for react-admin to be bundled. The browser gets only PUBLIC_* variables: the project's
 * URL, the anon key and the image mode.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  envPrefix: 'PUBLIC_',
  // no .env files: the variables come from the environment of the build, as for the shop's pages
  envDir: false,
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  build: { emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  logLevel: 'warn',
});
