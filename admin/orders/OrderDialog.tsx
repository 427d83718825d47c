/**
 * One order: its items as the shopper sent them (with links to the product's page), the totals, and
 * what the team keeps on it: the status, notes and tracking. Saving a status that sells (pagado,
 * enviado, entregado) marks the items' sizes sold, which the database refuses, naming the order, when
 * another paid order already sold one; the dialog says what a status change does before saving.
 */
import { Box, Divider, Link, Stack, Typography } from '@mui/material';
import { required, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatReportDate } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/money.ts';
import { RecordDialog } from '../common/RecordDialog.tsx';
import { blankToNull, optionalUrl } from '../common/validators.ts';
import { isOrderStatus, ORDER_STATUSES, type Order, type OrderItem, STATUS_LABELS, stockEffect } from './rules.ts';

/** The back office is served by the shop's host: the product's page is a path of the same site. */
const productLink = (permalink: string) => `/producto/${encodeURIComponent(permalink)}`;

function Items({ order }: { order: Order }) {
  const translate = useTranslate();
  const {
    data = [],
    isPending,
    error,
  } = useGetList<OrderItem>('order_items', {
    filter: { order_id: order.id },
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: 20 },
  });
  if (isPending) return <Typography variant="body2">{translate('app.orders.loading_items')}</Typography>;
  if (error) return <Typography color="error">{translate('app.orders.items_error')}</Typography>;
  return (
    <Box component="ol" aria-label={translate('app.orders.items')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((item) => (
        <Box component="li" key={item.id} sx={{ display: 'flex', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {item.marca.trim() && (
              <Typography variant="caption" color="text.secondary" component="div">
                {item.marca}
              </Typography>
            )}
            <Link href={productLink(item.permalink)} target="_blank" rel="noopener" fontWeight={600}>
              {item.nombre}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {item.talla ? translate('app.orders.size', { size: item.talla }) : translate('app.orders.one_size')}
              {item.product_id ? '' : ` · ${translate('app.orders.product_deleted')}`}
            </Typography>
          </Box>
          <Typography fontWeight={600}>{formatPrice(item.precio_venta)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function StockNotice({ from }: { from: Order['status'] }) {
  const next = useWatch({ name: 'status' });
  const effect = isOrderStatus(from) && isOrderStatus(next) ? stockEffect(from, next) : null;
  return effect ? (
    <Typography variant="body2" color="warning.dark" role="status" sx={{ mb: 1 }}>
      {effect}
    </Typography>
  ) : null;
}

export function OrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <RecordDialog
      resource="orders"
      open={order !== null}
      record={order}
      onClose={onClose}
      messages={{
        createTitle: 'app.orders.title',
        editTitle: order ? translate('app.orders.dialog_title', { reference: order.reference }) : 'app.orders.title',
        created: 'app.orders.updated',
        updated: 'app.orders.updated',
        createError: 'app.orders.update_error',
        updateError: 'app.orders.update_error',
      }}
    >
      {order && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.orders.sent', {
              date: formatReportDate(order.created_at, 'minutes'),
              channel: translate(order.channel === 'bolsa' ? 'app.orders.channel_bag' : 'app.orders.channel_product'),
            })}
          </Typography>
          <Items order={order} />
          <Stack sx={{ my: 1.5 }} spacing={0.5}>
            <Row label={translate('app.orders.subtotal')} value={formatPrice(order.subtotal)} />
            <Row
              label={translate('app.orders.shipping')}
              value={Number(order.shipping) === 0 ? translate('app.orders.free') : formatPrice(order.shipping)}
            />
            <Row label={translate('app.orders.total')} value={formatPrice(order.total)} strong />
          </Stack>
          <Divider sx={{ mb: 2 }} />
          <SelectInput
            source="status"
            label="resources.orders.fields.status"
            choices={ORDER_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }))}
            validate={required()}
            helperText={false}
          />
          <StockNotice from={order.status} />
          <TextInput source="notes" label="resources.orders.fields.notes" multiline minRows={2} parse={blankToNull} helperText={false} />
          <TextInput source="tracking_number" label="resources.orders.fields.tracking_number" parse={blankToNull} helperText={false} />
          <TextInput
            source="tracking_url"
            label="resources.orders.fields.tracking_url"
            parse={blankToNull}
            validate={optionalUrl}
            helperText={false}
          />
        </>
      )}
    </RecordDialog>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </Box>
  );
}
