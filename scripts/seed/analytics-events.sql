-- Demo and benchmark analytics events, generated on the server in one pass (scripts/seed/events.ts).
-- Not part of the schema: the seed creates this function in its own session's temporary schema
-- (pg_temp), calls it, and it disappears with the session, so no database ever keeps it.
--
-- pg_temp.seed_analytics_events(p_events, p_days, p_today, p_seed) writes p_events plausible shop
-- events: browsing sessions of 1 to 13 events (searches with accents, typos and odd spacing;
-- filters by real category, subcategory, brand, campaign, size and price range; clicks on real
-- products), started on one of the p_days days up to p_today (recent days busier), more in the
-- evening (Mexico City time), from phones, tablets and computers with real user agents. The same
-- arguments over the same catalogue give the same events. It runs as the database session's role
-- (a direct connection, not an API request), so the events keep the times it gives them.
create function pg_temp.seed_analytics_events(
  p_events integer,
  p_days integer default 30,
  p_today date default public.shop_today(),
  p_seed double precision default 0.42
)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_terms text[] := array[
    'vestido', 'Vestido', 'vestido negro', 'Vestido  Rojo', 'vestdo', 'vestido midi', 'vestido de noche',
    'chamarra', 'chamara', 'chamarra de piel', 'pantalón', 'pantalon', 'jeans', 'jeans levis', 'Levi''s',
    'tenis', 'tenis nike', 'teniz', 'sudadera', 'sudadera con gorro', 'suéter', 'sueter', 'blusa', 'blusa de seda',
    'camisa', 'camisa blanca', 'playera', 'playera básica', 'falda', 'falda plisada', 'bolsa', 'bolsa de mano',
    'zapatos', 'botas', 'botines', 'sandalias', 'cinturón', 'cinturon', 'reloj', 'lentes de sol', 'perfume',
    'calvin klein', 'tommy', 'michael kors', 'guess', 'abrigo', 'traje de baño', 'short', 'pijama', 'ofertas'];
  v_uas text[] := array[
    -- phones
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 13; moto g54 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    -- computers
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    -- tablets
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'];
  -- Weighted picks: phones most, then computers, a few tablets; evenings busiest.
  v_ua_pick integer[] := array[1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8, 8, 8, 9, 10, 11, 12, 13, 14];
  v_hour_pick integer[] := array[0, 1, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17,
    18, 18, 18, 19, 19, 19, 19, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 22, 22, 22, 23, 23];
  v_filters text[];
  v_filter_types text[];
  v_products uuid[];
  v_sessions integer;
begin
  if p_events is null or p_events < 1 or p_days is null or p_days < 1 then
    return 0;
  end if;
  perform setseed(p_seed);

  select array_agg(v.value order by v.filter_type, v.value), array_agg(v.filter_type order by v.filter_type, v.value)
    into v_filters, v_filter_types
    from (
      select 'category' as filter_type, c.id::text as value from public.categories c where c.activa
      union all select 'subcategory', s.id::text from public.subcategories s where s.activa
      union all select 'brand', b.id::text from public.brands b where b.active
      union all select 'campaign', c.id::text from public.campaigns c where c.fecha_fin >= p_today - p_days
      union all select distinct 'size', z.talla from public.product_sizes z
      union all select 'price_range', r.id from public.price_ranges() r
    ) v;
  select array_agg(p.id order by p.created_at, p.id) into v_products
    from (select p.id, p.created_at from public.products p order by p.created_at desc, p.id limit 5000) p;

  -- Sessions: a start (day weighted towards p_today, evening hours), a device, a network.
  v_sessions := ceil(p_events / 6.0);
  create temp table seed_sessions on commit drop as
  select s.n,
         'seed' || md5(p_seed::text || ':' || p_today::text || ':' || s.n) as session_id,
         ((p_today - s.day_offset)::timestamp + make_interval(hours => s.hour, mins => s.minute, secs => s.second))
           at time zone 'America/Mexico_City' as started_at,
         v_uas[v_ua_pick[1 + s.ua_n]] as user_agent,
         ('189.' || (128 + s.n % 64) || '.' || (s.n * 7 % 256) || '.0/24')::inet as ip_address,
         s.events
    from (
      select g.n,
             floor(p_days * case when random() < 0.5 then random() else 1 - sqrt(random()) end)::integer as day_offset,
             v_hour_pick[1 + floor(random() * array_length(v_hour_pick, 1))::integer] as hour,
             floor(random() * 60)::integer as minute,
             floor(random() * 60)::integer as second,
             floor(random() * array_length(v_ua_pick, 1))::integer as ua_n,
             1 + floor(random() * 13)::integer as events
        from generate_series(1, v_sessions) g(n)
    ) s;

  -- Events: one after another, 15 s to 3 min apart; the first is more often a search.
  create temp table seed_events on commit drop as
  select e.session_id, e.user_agent, e.ip_address, e.n, e.i, e.kind, e.pick,
         -- a time still to come today moves to yesterday
         e.created_at - case when e.created_at > now() then interval '1 day' else interval '0' end as created_at
    from (
      select s.session_id, s.user_agent, s.ip_address, s.n, i,
             s.started_at + make_interval(secs => i * (15 + floor(random() * 165))) as created_at,
             case when i = 0 and random() < 0.6 then 0 else floor(random() * 3)::integer end as kind,
             random() as pick
        from seed_sessions s, generate_series(0, s.events - 1) i
       order by s.n, i
       limit p_events
    ) e;

  insert into public.search_analytics (search_term, user_agent, page_url, session_id, created_at, ip_address)
  select v_terms[1 + floor(e.pick * array_length(v_terms, 1))::integer], e.user_agent, '/tienda', e.session_id, e.created_at, e.ip_address
    from seed_events e where e.kind = 0
   order by e.created_at;

  if v_filters is not null then
    insert into public.filter_analytics (filter_type, filter_value, user_agent, page_url, session_id, created_at, ip_address)
    select v_filter_types[1 + floor(e.pick * array_length(v_filters, 1))::integer],
           v_filters[1 + floor(e.pick * array_length(v_filters, 1))::integer],
           e.user_agent, '/tienda', e.session_id, e.created_at, e.ip_address
      from seed_events e where e.kind = 1
     order by e.created_at;
  end if;

  if v_products is not null then
    insert into public.product_click_analytics
      (product_id, product_name, product_permalink, user_agent, page_url, referrer_url, session_id, created_at, ip_address)
    select p.id, p.nombre, p.permalink, e.user_agent, '/tienda', null, e.session_id, e.created_at, e.ip_address
      from seed_events e
      join public.products p on p.id = v_products[1 + floor(power(e.pick, 2) * array_length(v_products, 1))::integer]
     where e.kind = 2
     order by e.created_at;
  end if;

  return (select count(*) from seed_events e
           where e.kind = 0 or (e.kind = 1 and v_filters is not null) or (e.kind = 2 and v_products is not null))::integer;
end
$$;
