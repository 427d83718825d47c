// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import { rendererTag } from './scripts/lib/renderer-tag.ts';
import { buildInput, buildInputOnStdin, preloadModules } from './src/data/build-input.ts';

// Static storefront: every page is prerendered at build time with the anon key, like a shopper sees it.
//
// The shop's components (src/) are React, rendered to static HTML at build time; only the islands a
// shopper touches load React in the browser (one shared runtime chunk, cached as an immutable asset),
// each when it is needed (client:visible, client:idle, or client:interaction: on the shopper's first
// touch, src/directives/interaction.ts). The back office (admin/) is react-admin, a
// single-page app with its own build (admin/vite.config.ts), served at /admin/.

/** A glob of this repository's files below `folder`, as an absolute path (how the integrations compare them). */
const filesIn = (/** @type {string} */ folder) => `${fileURLToPath(new URL(`./${folder}/`, import.meta.url))}**/*.tsx`;

export default defineConfig({
  output: 'static',
  // The shop's public origin for absolute URLs. Builds pass SITE_URL (npm run build requires it;
  // npm start uses the local port); the dev server falls back to its own port.
  site: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  outDir: './dist',
  // Pages render four at a time, so one page's file writes overlap the next one's rendering.
  build: { concurrency: 4 },
  // Each build of scripts/lib/build.ts has its own cache folder (SHOP_BUILD_CACHE), as several run side
  // by side. Which product pages a build renders is the shop build's affair (scripts/lib/page-cache.ts).
  cacheDir: process.env.SHOP_BUILD_CACHE ?? './node_modules/.astro',
  trailingSlash: 'ignore',
  integrations: [
    react({ include: [filesIn('src')] }),
    {
      name: 'shop-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)),
          });
        },
      },
    },
  ],
  vite: {
    plugins: [
      tailwindcss(),
      rendererTag(fileURLToPath(new URL('./src/', import.meta.url)), '@astrojs/react'),
      // A build fed on its standard input (scripts/lib/build.ts) bundles first and renders once its
      // input has arrived: the rebuild worker starts the next build ahead, and its pages must read
      // the catalogue of the moment it is fed, not of the moment it started. Vite runs this after the
      // bundles are written, before Astro's own hook of the same order renders the pages; while it
      // waits, the pages' modules are loaded.
      {
        name: 'shop-build-input',
        apply: 'build',
        buildApp: {
          order: 'post',
          async handler(builder) {
            if (!buildInputOnStdin()) return;
            const input = buildInput();
            await preloadModules(builder.environments['prerender']?.config.build.outDir);
            await input;
          },
        },
      },
    ],
    // The pages' own scripts (and any small asset) are files the browser caches across the shop, never
    // inlined into each page's HTML (Astro inlines small scripts by default): a page's first 14 KB
    // carry its content. A number, so a change of it is part of Astro's build-cache key.
    build: { assetsInlineLimit: 0 },
  },
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
