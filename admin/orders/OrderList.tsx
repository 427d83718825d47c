/**
 * 'Pedidos': the orders shoppers sent to the chat, newest first, by reference, date, items, total
 * (with the discount code it used) and status, for an unpaid order its hold ('Hasta las 14:30', 'Vencido'), and how it was paid online
 * ('Visa · 3 meses', 'OXXO pendiente', 'Revisar pago' when a payment needs the team). The search box finds the
 * reference a shopper quotes however it was typed ('om 7k3f2'); the
 * tabs narrow by status. Opening a row shows the order, where owners and editors change its status,
 * notes and tracking (analysts only read).
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Chip, InputAdornment, Tab, Tabs, TextField, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, useListContext, useNotify, useRefresh, useStore, useTranslate } from 'react-admin';
import { formatReportDate } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/money.ts';
import { OrderDialog } from './OrderDialog.tsx';
import {
  holdShortText,
  holdState,
  flaggedCount,
  itemCountLabel,
  type ListedOrder,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderFilter,
  paymentShortText,
  STATUS_COLORS,
  STATUS_LABELS,
} from './rules.ts';

type StatusTab = OrderStatus | 'todos';

function Header({
  search,
  setSearch,
  tab,
  setTab,
}: {
  search: string;
  setSearch: (s: string) => void;
  tab: StatusTab;
  setTab: (t: StatusTab) => void;
}) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { total } = useListContext();
  return (
    <Box sx={{ width: '100%', pt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('app.orders.title')}
          {typeof total === 'number' && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({total})
            </Typography>
          )}
        </Typography>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={translate('app.orders.search')}
          placeholder="OM-7K3F2"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 260px' } }}
        />
        <Button startIcon={<RefreshIcon />} onClick={() => refresh()}>
          {translate('app.refresh')}
        </Button>
      </Box>
      <Tabs value={tab} onChange={(_e, value: StatusTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mt: 1 }}>
        <Tab value="todos" label={translate('app.orders.all')} />
        {ORDER_STATUSES.map((s) => (
          <Tab key={s} value={s} label={STATUS_LABELS[s]} />
        ))}
      </Tabs>
    </Box>
  );
}

export function StatusChip({ status }: { status: string }) {
  const known = (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null;
  return <Chip size="small" label={known ? STATUS_LABELS[known] : status} color={known ? STATUS_COLORS[known] : 'default'} />;
}

/** The hold, compactly: a running one stands out, an ended one is quiet, a paid or cancelled order shows nothing. */
function HoldCell({ order, labelled = false }: { order: Order; labelled?: boolean }) {
  const now = new Date();
  const state = holdState(order, now);
  const text = holdShortText(state, now, labelled);
  if (!text) return null;
  return (
    <Typography
      variant="body2"
      component="span"
      data-testid="order-hold-short"
      color={state?.kind === 'apartado' ? 'info.dark' : 'text.secondary'}
      sx={{ fontWeight: state?.kind === 'apartado' ? 600 : 400, whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

/**
 * How the order was paid, compactly ('Visa · 3 meses', 'OXXO pendiente'), and 'Revisar pago' in red
 * while a flagged payment needs the team.
 */
function PaymentCell({ order }: { order: ListedOrder }) {
  const translate = useTranslate();
  const payments = order.order_payments ?? [];
  const text = paymentShortText(payments);
  const flagged = flaggedCount(payments);
  if (!text && !flagged) return null;
  return (
    <Box
      component="span"
      data-testid="order-payment-short"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
    >
      {text && (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {text}
        </Typography>
      )}
      {flagged > 0 && <Chip size="small" color="error" label={translate('app.orders.payment.review')} />}
    </Box>
  );
}

/** The total the shopper pays, with the discount code under it when the order used one. */
function TotalCell({ order }: { order: Order }) {
  return (
    <Box>
      {formatPrice(order.total)}
      {order.codigo && (
        <Typography variant="caption" color="success.dark" component="div" data-testid="order-code" sx={{ fontFamily: 'monospace' }}>
          {order.codigo}
        </Typography>
      )}
    </Box>
  );
}

export function OrderList() {
  const translate = useTranslate();
  const notify = useNotify();
  const [tab, setTab] = useStore<StatusTab>('orders.tab', 'todos');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Order | null>(null);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <List
        resource="orders"
        title={translate('app.orders.title')}
        filter={orderFilter(search, tab)}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={false}
        exporter={false}
        empty={false}
        queryOptions={{ onError: () => notify('app.orders.load_error', { type: 'error' }) }}
        // the list's column may shrink to a phone's width: the status tabs scroll instead of widening the page
        sx={{ '& .RaList-main': { mt: 0, minWidth: 0 } }}
      >
        <Header search={search} setSearch={setSearch} tab={tab} setTab={setTab} />
        <DataTable<Order>
          bulkActionButtons={false}
          rowClick={(_id, _resource, record) => {
            setOpen(record as Order);
            return false;
          }}
          empty={<Box sx={{ p: 2 }}>{translate(search.trim() ? 'app.orders.not_found' : 'app.orders.empty')}</Box>}
        >
          <DataTable.Col
            source="reference"
            render={(o) => (
              <Box>
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700, mr: 1 }}>
                  {o.reference}
                </Box>
                {phone && (
                  <>
                    <StatusChip status={o.status} />
                    <Typography variant="body2" color="text.secondary" component="div">
                      {formatReportDate(o.created_at, 'minutes')} · {itemCountLabel(o.item_count)} · {formatPrice(o.total)}
                      {o.codigo ? ` · ${o.codigo}` : ''}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                      <HoldCell order={o as Order} labelled />
                      <PaymentCell order={o as ListedOrder} />
                    </Box>
                  </>
                )}
              </Box>
            )}
          />
          {!phone && <DataTable.Col source="created_at" render={(o) => formatReportDate(o.created_at, 'minutes')} />}
          {!phone && <DataTable.Col source="item_count" render={(o) => itemCountLabel(o.item_count)} />}
          {!phone && <DataTable.Col source="total" align="right" render={(o) => <TotalCell order={o as Order} />} />}
          {!phone && <DataTable.Col source="status" render={(o) => <StatusChip status={o.status} />} />}
          {!phone && <DataTable.Col source="held_until" render={(o) => <HoldCell order={o as Order} />} />}
          {!phone && <DataTable.Col source="order_payments" disableSort render={(o) => <PaymentCell order={o as ListedOrder} />} />}
          {!phone && <DataTable.Col source="tracking_number" disableSort render={(o) => o.tracking_number ?? ''} />}
        </DataTable>
      </List>
      <OrderDialog order={open} onClose={() => setOpen(null)} />
    </>
  );
}
