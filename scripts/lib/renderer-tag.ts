/**
 * A Vite plugin that tells Astro which framework renders each shop component, so a page renders it
 * once. Astro asks every renderer whether it can render an untagged component, and React's answer
 * (@astrojs/react's check) is to render it and look at what it returns: every component placed in an
 * .astro file was rendered twice, about a quarter of a full build. The shop's components
 * (src/**\/*.tsx) are all React, so their default export is tagged with Astro's renderer mark
 * ('astro:renderer'), which Astro reads before asking.
 */
import type { Plugin } from 'vite';

const DEFAULT_FUNCTION = /^export default function ([A-Za-z_$][\w$]*)/m;

export function rendererTag(sourceDir: string, renderer: string): Plugin {
  return {
    name: 'outlet:renderer-tag',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!id.startsWith(sourceDir) || !id.endsWith('.tsx')) return null;
      const name = DEFAULT_FUNCTION.exec(code)?.[1];
      if (!name) return null;
      return {
        code: `${code}\nObject.defineProperty(${name}, Symbol.for('astro:renderer'), { value: ${JSON.stringify(renderer)} });\n`,
        map: null,
      };
    },
  };
}
