// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, envField } from 'astro/config';

// Static storefront: every page is prerendered at build time with the anon key, like a shopper sees it.

export default defineConfig({
  output: 'static',
  // The shop's public origin for absolute URLs. Builds pass SITE_URL (npm run build requires it;
  // npm start uses the local port); the dev server falls back to its own port.
  site: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  outDir: './dist',
  trailingSlash: 'ignore',
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  env: {
    schema: {
      // Public by design: the anon key only grants what RLS lets a shopper see.
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', url: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', min: 1 }),
      // 'on': images are resized by Supabase's image transformation (Pro plan and above); 'off': the shop
      // shows the WebP sizes prepared beside each image (node scripts/images-prepare.ts), for the Free plan.
      PUBLIC_IMAGE_TRANSFORMS: envField.enum({ context: 'client', access: 'public', values: ['on', 'off'], optional: true, default: 'on' }),
    },
  },
});
