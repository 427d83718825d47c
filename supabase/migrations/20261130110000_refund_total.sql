-- A refund's notice from Mercado Pago (carrying the refunded total) may arrive before the refund
-- is recorded: the payment's refunded amount becomes the larger of the two, never their sum.

-- A refund made through Mercado Pago, recorded with its reason and who asked for it (the refund
-- function checks that the caller is an owner before it refunds).
create or replace function public.record_refund(p_payment_id text, p_refund_id text, p_amount numeric, p_reason text, p_refunded_by uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.order_payments;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  select * into v_payment from public.order_payments op where op.provider = 'mercadopago' and op.payment_id = p_payment_id for update;
  if not found then
    raise exception 'Pago desconocido.' using errcode = 'PT400';
  end if;
  insert into public.order_refunds (order_id, payment_id, refund_id, amount, reason, refunded_by)
  values (v_payment.order_id, p_payment_id, p_refund_id, p_amount, btrim(p_reason), p_refunded_by)
  on conflict (refund_id) do nothing;
  -- the refunded total is the sum of the refunds recorded, or what Mercado Pago already reported
  -- (its notice of the refund may arrive first): never both added up
  update public.order_payments op
     set refunded_amount = greatest(op.refunded_amount,
           (select coalesce(sum(r.amount), 0) from public.order_refunds r where r.payment_id = p_payment_id)),
         updated_at = now()
   where op.id = v_payment.id;
end
$$;
comment on function public.record_refund(text, text, numeric, text, uuid) is 'Service role (the refund function): records a Mercado Pago refund of a payment (amount, reason, who) once per refund id; the payment''s refunded amount is the larger of the refunds recorded and what Mercado Pago reported.';
