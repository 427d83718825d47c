-- ─── Where an analytics event came from ──────────────────────────────────────────────────────
-- Every event keeps the client's network, shortened for privacy: an IPv4 address to its /24 and an
-- IPv6 address to its /48 (enough to tell shoppers' networks apart in the activity screens, not
-- enough to name a household). The database fills it in from the request; callers cannot set it.
alter table public.search_analytics add column ip_address inet;
alter table public.filter_analytics add column ip_address inet;
alter table public.product_click_analytics add column ip_address inet;

comment on column public.search_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
comment on column public.filter_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
comment on column public.product_click_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
