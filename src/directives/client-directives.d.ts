/** The shop's own `client:` directives (astro.config.mjs registers them), for the type checker. */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the shopper's first touch of the island (src/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
export {};
