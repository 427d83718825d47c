/** The public variables the back office's build puts in its bundle (admin/vite.config.ts). */
interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL: string;
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
  /** 'off' on projects without image transformations; anything else means on. */
  readonly PUBLIC_IMAGE_TRANSFORMS?: string;
}
