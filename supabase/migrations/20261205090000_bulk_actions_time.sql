-- A bulk action on a whole campaign (24,000 products at 100,000: move it to another campaign or
-- category, set its pieces, feature it) took longer than the back office's 8 s statement limit
-- (the authenticated role's) and changed nothing. The API (PostgREST 12) applies a function's own
-- statement_timeout to the transaction of its call, so this one function gets 50 s; every other
-- request of the back office keeps the role's 8 s.
alter function public.bulk_update_products(uuid[], jsonb, text, jsonb, integer) set statement_timeout = '50s';
