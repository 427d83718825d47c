-- The alert an order came from is recorded on the alert's delivery (private.alert_deliveries.order_id,
-- by public.record_alert_conversion); orders.aviso_id was never written.
alter table public.orders drop column aviso_id;
