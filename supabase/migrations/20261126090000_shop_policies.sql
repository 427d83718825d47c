-- The shop's policies become data: shipping, delivery times by zone, returns, refunds, revocation,
-- cancellation, payment methods, interest-free months and the seller's legal identity are columns
-- of the one shop_settings row, which every page prints. The defaults are one lawful, consistent
-- set; the seller's legal name, RFC and address stay empty until the owner sets them.
-- supabase/schemas/02_catalogue.sql holds the final forms.

-- Delivery zones are [{"zone": "Resto de la República", "min_days": 5, "max_days": 10}, ...]: one to
-- six zones, each named (1 to 80 characters) with whole business days, 1 <= min_days <= max_days <= 60.
create function private.valid_delivery_zones(p_zones jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_zones) <> 'array' then false
    when jsonb_array_length(p_zones) not between 1 and 6 then false
    else not exists (
      select 1
      from jsonb_array_elements(p_zones) as e(z)
      where jsonb_typeof(e.z) <> 'object'
         or jsonb_typeof(e.z -> 'zone') is distinct from 'string'
         or btrim(e.z ->> 'zone') = ''
         or char_length(e.z ->> 'zone') > 80
         or jsonb_typeof(e.z -> 'min_days') is distinct from 'number'
         or jsonb_typeof(e.z -> 'max_days') is distinct from 'number'
         or (e.z ->> 'min_days') !~ '^[0-9]+$'
         or (e.z ->> 'max_days') !~ '^[0-9]+$'
         or (e.z ->> 'min_days')::numeric < 1
         or (e.z ->> 'max_days')::numeric > 60
         or (e.z ->> 'min_days')::numeric > (e.z ->> 'max_days')::numeric
    )
  end
$$;
comment on function private.valid_delivery_zones(jsonb) is 'True for an array of 1 to 6 {zone, min_days, max_days} objects: a named zone (1 to 80 characters) and whole business days with 1 <= min_days <= max_days <= 60.';
grant execute on function private.valid_delivery_zones(jsonb) to authenticated, service_role;

-- Payment methods are one to eight names, each 1 to 80 characters.
create function private.valid_payment_methods(p_methods text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select cardinality(p_methods) between 1 and 8
     and array_ndims(p_methods) = 1
     and not exists (select 1 from unnest(p_methods) as m(name) where m.name is null or btrim(m.name) = '' or char_length(m.name) > 80)
$$;
comment on function private.valid_payment_methods(text[]) is 'True for a list of 1 to 8 payment-method names, each filled in and at most 80 characters.';
grant execute on function private.valid_payment_methods(text[]) to authenticated, service_role;

alter table public.shop_settings
  -- The shop's policies, which every page prints (the law asks that they be stated, and the same
  -- everywhere, before a purchase). Amounts are whole pesos with IVA.
  -- Free shipping from this purchase amount; null when the shop never ships free.
  add column free_shipping_min integer default 1500 check (free_shipping_min between 1 and 1000000),
  -- What shipping costs below that amount.
  add column shipping_cost integer not null default 149 check (shipping_cost between 0 and 100000),
  -- Business days from the confirmed payment to the delivery, by zone.
  add column delivery_zones jsonb not null
    default '[{"zone": "Ciudad de México y área metropolitana", "min_days": 3, "max_days": 7},
              {"zone": "Resto de la República", "min_days": 5, "max_days": 10}]'::jsonb
    check (private.valid_delivery_zones(delivery_zones)),
  -- Calendar days after delivery to ask for a return: at least a week, so a return is never shorter
  -- than the legal right to revoke a distance purchase (5 business days, LFPC art. 56).
  add column return_days integer not null default 30 check (return_days between 7 and 365),
  -- True when the shop pays the return shipping.
  add column free_returns boolean not null default true,
  add column return_conditions text not null
    default 'El producto debe estar sin uso, con sus etiquetas y en su empaque original.'
    check (btrim(return_conditions) <> '' and char_length(return_conditions) <= 500),
  -- Business days to refund once the returned product arrives.
  add column refund_days integer not null default 10 check (refund_days between 1 and 30),
  -- Business days after delivery in which a buyer may revoke the purchase: never fewer than the
  -- 5 that LFPC art. 56 grants.
  add column revocation_days integer not null default 5 check (revocation_days between 5 and 30),
  add column cancellation_terms text not null
    default 'Puedes cancelar tu pedido sin costo mientras no lo hayamos enviado; te devolvemos el total pagado por el mismo medio de pago.'
    check (btrim(cancellation_terms) <> '' and char_length(cancellation_terms) <= 500),
  add column payment_methods text[] not null
    default array['Tarjeta de crédito o débito', 'PayPal', 'Transferencia bancaria', 'Efectivo en tiendas de conveniencia']
    check (private.valid_payment_methods(payment_methods)),
  -- Interest-free months from this purchase amount; null when the shop offers none.
  add column installments_min integer default 1000 check (installments_min between 1 and 1000000),
  add column installment_months smallint[] not null default '{3,6}'
    check (cardinality(installment_months) between 1 and 6 and installment_months <@ '{3,6,9,12,18,24}'::smallint[]),
  -- The seller as the law asks it be named: legal name, RFC and address. Until they are set the
  -- pages leave them out and the back office warns.
  add column seller_legal_name text check (btrim(seller_legal_name) <> '' and char_length(seller_legal_name) <= 200),
  add column seller_rfc text check (seller_rfc ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$'),
  add column seller_address text check (btrim(seller_address) <> '' and char_length(seller_address) <= 300),
  -- Who controls shoppers' personal data (LFPDPPP); the seller's legal name when not set.
  add column privacy_controller text check (btrim(privacy_controller) <> '' and char_length(privacy_controller) <= 200);

comment on table public.shop_settings is 'The one row of shop settings the pages show: contact points (chat number, email, hours, social links, chat-group invite) and the shop''s policies (shipping, delivery, returns, revocation, cancellation, payment, the seller''s legal identity).';
