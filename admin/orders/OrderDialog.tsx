/**
 * One order: its items as the shopper sent them (with links to the product's page), the totals (with
 * the discount code it was placed with and what it took off),
 * where its hold stands ('Apartado hasta las 14:30', or how it ended), how it was paid online and its
 * payment link (PaymentPanel), and what the team keeps on it: the status, notes and tracking.
 * Owners and editors give a shopper more time to pay ('Extender apartado', +4, +24 or +72 hours);
 * owners refund an online payment ('Reembolsar'). Saving a status that sells (pagado, enviado, entregado) sells one
 * piece of each item, which the database refuses, naming the item, when none is left; the dialog
 * says what a status change does before saving.
 */
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Alert, Box, Button, CircularProgress, Divider, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import {
  required,
  SelectInput,
  TextInput,
  useCanAccess,
  useDataProvider,
  useEditContext,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatReportDate } from '@/lib/dates.ts';
import { minusPrice } from '@/lib/discount-code.ts';
import { formatPrice } from '@/lib/money.ts';
import { RecordDialog } from '../common/RecordDialog.tsx';
import { errorMessage } from '../common/errors.ts';
import { blankToNull, optionalUrl } from '../common/validators.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { PaymentPanel } from './PaymentPanel.tsx';
import {
  canExtendHold,
  HOLD_EXTENSIONS,
  holdState,
  holdText,
  isOrderStatus,
  ORDER_STATUSES,
  type Order,
  type OrderItem,
  STATUS_LABELS,
  stockEffect,
  untilText,
} from './rules.ts';

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

/** The clock the hold is read against, ticking each 15 seconds so a hold that runs out reads as ended. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Where the order's hold stands, as loaded now (not as the list showed it), and 'Extender apartado'
 * for owners and editors while it runs. An extension refetches the order, so a save afterwards
 * compares against the order as it is.
 */
function HoldPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const order = useRecordContext<Order>();
  const { refetch } = useEditContext<Order>();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'orders', action: 'edit' });
  const now = useNow();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order) return null;
  const state = holdState(order, now);
  const text = holdText(state, now);
  if (!text) return null;

  const extend = async (hours: number) => {
    setMenu(null);
    setPending(true);
    setError(null);
    try {
      const until = await dataProvider.extendOrderHold(String(order.id), hours);
      notify(translate('app.orders.hold_extended', { until: untilText(until, new Date()) }), { type: 'success' });
    } catch (e) {
      setError(errorMessage(e) ?? translate('app.orders.extend_error'));
    } finally {
      // either way the order changed or was not as shown: this dialog and the list read it again
      await refetch?.();
      refresh();
      setPending(false);
    }
  };

  return (
    <Box sx={{ mb: 1.5 }}>
      <Box
        data-testid="order-hold"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: (theme) => (state?.kind === 'apartado' ? alpha(theme.palette.info.main, 0.08) : theme.palette.action.hover),
          border: 1,
          borderColor: state?.kind === 'apartado' ? 'info.light' : 'divider',
        }}
      >
        <ScheduleIcon fontSize="small" color={state?.kind === 'apartado' ? 'info' : 'disabled'} />
        <Typography variant="body2" sx={{ flex: '1 1 200px', fontWeight: state?.kind === 'apartado' ? 600 : 400 }}>
          {text}
        </Typography>
        {mayEdit && canExtendHold(state) && (
          <>
            <Button
              size="small"
              variant="outlined"
              aria-haspopup="menu"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={14} /> : null}
              onClick={(e) => setMenu(e.currentTarget)}
            >
              {translate('app.orders.extend_hold')}
            </Button>
            <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
              {HOLD_EXTENSIONS.map((hours) => (
                <MenuItem key={hours} onClick={() => void extend(hours)}>
                  {translate('app.orders.extend_by', { hours })}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** The order's online payment, as loaded now (a refund refetches it). */
function Payment() {
  const order = useRecordContext<Order>();
  const now = useNow();
  return order ? <PaymentPanel order={order} now={now} /> : null;
}

function StockNotice() {
  const next = useWatch({ name: 'status' });
  const order = useRecordContext<Order>();
  const from = order?.status;
  // the order holds pieces while its hold runs (the database ends a hold past its time within seconds)
  const holding = order ? holdState(order, new Date())?.kind === 'apartado' : false;
  const effect = isOrderStatus(from) && isOrderStatus(next) ? stockEffect(from, next, holding) : null;
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
          <HoldPanel />
          <Items order={order} />
          <Stack sx={{ my: 1.5 }} spacing={0.5}>
            <Row label={translate('app.orders.subtotal')} value={formatPrice(order.subtotal)} />
            {order.codigo && (
              <Row label={translate('app.orders.discount', { code: order.codigo })} value={minusPrice(Number(order.descuento))} />
            )}
            <Row
              label={translate('app.orders.shipping')}
              value={Number(order.shipping) === 0 ? translate('app.orders.free') : formatPrice(order.shipping)}
            />
            <Row label={translate('app.orders.total')} value={formatPrice(order.total)} strong />
          </Stack>
          <Payment />
          <Divider sx={{ mb: 2 }} />
          <SelectInput
            source="status"
            label="resources.orders.fields.status"
            choices={ORDER_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }))}
            validate={required()}
            helperText={false}
          />
          <StockNotice />
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
