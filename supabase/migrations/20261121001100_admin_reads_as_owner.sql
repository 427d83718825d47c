-- ─── Admin product reads run as their owner, after checking the caller ─────────────────────
-- Under row-level security Postgres evaluates a non-leakproof condition such as the admin search's
-- LIKE only after the row policies, so it cannot use the trigram index: a search over 100k products
-- took 1.5 s. These two read functions already refuse anyone but an admin ('No autorizado', and
-- anon cannot execute them), so they now run with the owner's rights and the index serves the
-- search (about 150 ms; `npm run bench`). Writes stay security invoker, under RLS.
alter function public.admin_products(text, uuid, boolean, text, integer, integer) security definer;
alter function public.admin_product(uuid) security definer;
