-- ─── Shop settings ─────────────────────────────────────────────────────────────────────────
-- The shop's contact points, which the owner sets in the back office (Configuración → General)
-- before going live: the seller's chat number, the contact email, the opening hours, the social
-- profiles and the chat-group invite. Exactly one row (id is always 1). The static pages read
-- it when they are built, so saving it asks for a rebuild like any other catalogue change.

-- Opening hours are [{"days": "Lunes a viernes", "hours": "9:00 a 19:00 h"}, ...]: at most one line
-- per weekday, each an object with both texts filled in.
create or replace function private.valid_opening_hours(p_hours jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_hours) <> 'array' then false
    when jsonb_array_length(p_hours) > 7 then false
    else not exists (
      select 1
      from jsonb_array_elements(p_hours) as e(line)
      where jsonb_typeof(e.line) <> 'object'
         or jsonb_typeof(e.line -> 'days') is distinct from 'string'
         or jsonb_typeof(e.line -> 'hours') is distinct from 'string'
         or btrim(e.line ->> 'days') = ''
         or btrim(e.line ->> 'hours') = ''
         or char_length(e.line ->> 'days') > 60
         or char_length(e.line ->> 'hours') > 60
    )
  end
$$;
comment on function private.valid_opening_hours(jsonb) is
  'True for an array of at most 7 {days, hours} objects whose texts are filled in (1 to 60 characters).';
revoke execute on function private.valid_opening_hours(jsonb) from public;
grant execute on function private.valid_opening_hours(jsonb) to authenticated, service_role;

create table public.shop_settings (
  id smallint primary key default 1 check (id = 1),
  -- International digits, no '+' or spaces: country code then number (5215512345678).
  seller_phone text not null check (seller_phone ~ '^[0-9]{11,15}$'),
  contact_email text not null
    check (char_length(contact_email) <= 254 and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  opening_hours jsonb not null default '[]'::jsonb check (private.valid_opening_hours(opening_hours)),
  -- Profiles and invite: empty (not shown) or a secure link.
  instagram_url text check (instagram_url ~ '^https://[^[:space:]]+$' and char_length(instagram_url) <= 500),
  facebook_url text check (facebook_url ~ '^https://[^[:space:]]+$' and char_length(facebook_url) <= 500),
  tiktok_url text check (tiktok_url ~ '^https://[^[:space:]]+$' and char_length(tiktok_url) <= 500),
  chat_group_url text check (chat_group_url ~ '^https://[^[:space:]]+$' and char_length(chat_group_url) <= 500),
  updated_at timestamptz not null default now()
);
comment on table public.shop_settings is
  'The one row of shop contact settings (chat number, email, hours, social links, chat-group invite) the pages show.';

-- Placeholders until the owner sets the real ones (a fresh database shows a working shop).
insert into public.shop_settings (seller_phone, contact_email, opening_hours, instagram_url, facebook_url, tiktok_url)
values (
  '5215512345678',
  'contacto@outletmodamx.com',
  '[{"days": "Lunes a viernes", "hours": "9:00 a 19:00 h"},
    {"days": "Sábado", "hours": "10:00 a 14:00 h"},
    {"days": "Domingo", "hours": "Cerrado"}]'::jsonb,
  'https://www.instagram.com/',
  'https://www.facebook.com/',
  'https://www.tiktok.com/'
);

create trigger set_updated_at before update on public.shop_settings
  for each row execute function public.set_updated_at();
create trigger shop_settings_request_rebuild after insert or update or delete or truncate on public.shop_settings
  for each statement execute function public.request_rebuild();

-- Anyone reads (the pages show these details); admins update; only the service role inserts or
-- deletes, so the row can never go missing through the API.
alter table public.shop_settings enable row level security;
revoke all on public.shop_settings from anon, authenticated;
grant select on public.shop_settings to anon, authenticated;
grant update on public.shop_settings to authenticated;
grant all on public.shop_settings to service_role;
create policy shop_settings_public_read on public.shop_settings
  for select to anon, authenticated using (true);
create policy shop_settings_admin_update on public.shop_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
