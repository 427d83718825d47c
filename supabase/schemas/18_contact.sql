-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 18 · Contact messages: what shoppers send from /contacto, read by admins in the back office's inbox.
--
-- Entry points: public.receive_contact_message; the table public.contact_messages.
--
-- Shoppers never touch the table: the contact-message Edge Function passes each message, with the
-- sender's network address, to public.receive_contact_message (service role only), which checks
-- every field, applies the abuse limits and stores it. Admins read, mark read or unread, archive
-- and delete (row-level security in 23_policies.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- A path of this shop as a contact message may name it: one leading '/', never followed by another
-- '/' or a '\' (browsers read '//evil.example' and '/\evil.example' as another site), no '//' or
-- '\' anywhere, no spaces or control characters, at most 300 characters. The inbox links it under
-- the shop's own address, so a message can never send an admin elsewhere.
create function private.is_shop_path(p_page text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_page ~ '^/([^/\\[:space:][:cntrl:]][^\\[:space:][:cntrl:]]*)?$' and p_page !~ '//' and char_length(p_page) <= 300
$$;
comment on function private.is_shop_path(text) is 'True for a path of this site (one leading /, no // or \, no scheme, spaces or control characters, at most 300 characters).';
grant execute on function private.is_shop_path(text) to service_role, authenticated;

create table public.contact_messages (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  email text check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  -- Digits only: ten for a Mexican number, or up to 15 with the country code.
  phone text check (phone ~ '^[0-9]{10,15}$'),
  subject text check (btrim(subject) <> '' and char_length(subject) <= 150),
  message text not null check (btrim(message) <> '' and char_length(message) <= 5000),
  -- The shop page the shopper came from ('/producto/...'), when known: only a path of this site.
  page text check (private.is_shop_path(page)),
  read_at timestamptz,
  archived_at timestamptz,
  -- The sender's network, private.limit_key (the per-network limits); '' when unknown.
  sender text not null default '',
  -- A message the shop cannot answer is no message.
  check (email is not null or phone is not null)
);
comment on table public.contact_messages is 'Messages sent from the contact form: who (name, email or phone), subject, text, the page they came from; read and archived marks set by admins.';
create index contact_messages_by_date on public.contact_messages (created_at desc);
create index contact_messages_by_sender on public.contact_messages (sender, created_at);
create index contact_messages_unread on public.contact_messages (created_at) where read_at is null and archived_at is null;
grant select, delete on table public.contact_messages to authenticated;
grant update (read_at, archived_at) on table public.contact_messages to authenticated;

-- Checks one message and stores it. The Spanish messages reach the shopper as they are: PT400 for a
-- field to fix, PT429 for a limit (per sender network, an IPv4 /24 or an IPv6 /64: 3 in 10 minutes
-- and 10 a day; per email or phone: 5 a day; the whole shop: 100 an hour, which one network, at
-- most 10 a day, never reaches). A filled honeypot (p_website, a field people never
-- see) is accepted and not stored, so a bot learns nothing. Returns the stored message as the
-- owner's notification shows it (id, name, email, phone, subject, message, page), or null for a bot.
create function public.receive_contact_message(
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text,
  p_page text,
  p_client text,
  p_website text default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_name text := nullif(btrim(p_name), '');
  v_email text := lower(nullif(btrim(p_email), ''));
  v_phone text := nullif(regexp_replace(coalesce(p_phone, ''), '[\s().+-]', '', 'g'), '');
  v_subject text := nullif(btrim(p_subject), '');
  v_message text := nullif(btrim(p_message), '');
  v_page text := nullif(btrim(p_page), '');
  v_sender text := private.limit_key(private.address_of(p_client));
  v_stored jsonb;
begin
  if nullif(btrim(p_website), '') is not null then
    return null;
  end if;
  if v_name is null then
    raise exception 'Escribe tu nombre.' using errcode = 'PT400';
  elsif char_length(v_name) > 100 then
    raise exception 'Tu nombre puede tener hasta 100 caracteres.' using errcode = 'PT400';
  elsif v_email is null and v_phone is null then
    raise exception 'Escribe un correo electrónico o un teléfono para poder responderte.' using errcode = 'PT400';
  elsif v_email is not null and (char_length(v_email) > 254 or v_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$') then
    raise exception 'Escribe un correo electrónico válido (p. ej. nombre@correo.com).' using errcode = 'PT400';
  elsif v_phone is not null and v_phone !~ '^[0-9]{10,15}$' then
    raise exception 'Escribe un teléfono de 10 dígitos, o con código de país.' using errcode = 'PT400';
  elsif char_length(v_subject) > 150 then
    raise exception 'El asunto puede tener hasta 150 caracteres.' using errcode = 'PT400';
  elsif v_message is null then
    raise exception 'Escribe tu mensaje.' using errcode = 'PT400';
  elsif char_length(v_message) > 5000 then
    raise exception 'El mensaje puede tener hasta 5,000 caracteres.' using errcode = 'PT400';
  end if;
  -- Not a path of the shop: leave it out rather than refuse the message.
  if not private.is_shop_path(v_page) then
    v_page := null;
  end if;

  -- One message at a time, so two at once cannot both slip under a limit.
  perform pg_advisory_xact_lock(hashtext('public.contact_messages'));
  if (select count(*) from public.contact_messages m where m.sender = v_sender and m.created_at > now() - interval '10 minutes') >= 3
     or (select count(*) from public.contact_messages m where m.sender = v_sender and m.created_at > now() - interval '1 day') >= 10
     or (select count(*) from public.contact_messages m
          where (m.email = v_email or m.phone = v_phone) and m.created_at > now() - interval '1 day') >= 5 then
    raise exception 'Ya recibimos tus mensajes. Espera unos minutos antes de enviar otro, o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour') >= 100 then
    raise exception 'Estamos recibiendo demasiados mensajes. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;

  insert into public.contact_messages (name, email, phone, subject, message, page, sender)
  values (v_name, v_email, v_phone, v_subject, v_message, v_page, v_sender)
  returning jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'subject', subject,
                               'message', message, 'page', page)
  into v_stored;
  return v_stored;
end;
$$;
comment on function public.receive_contact_message(text, text, text, text, text, text, text, text) is 'Stores one contact message after its checks and limits (3 per sender network in 10 minutes, 10 a day; 5 per email or phone a day; 100 an hour in all); a page that is not a path of this site is left out; a filled honeypot is dropped. Service role only.';
grant execute on function public.receive_contact_message(text, text, text, text, text, text, text, text) to service_role;
