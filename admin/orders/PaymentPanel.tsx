/**
 * An order's online payment, in its dialog: each payment Mercado Pago reported (how it was paid, its
 * Mercado Pago number, when it was approved, the amount and what was refunded), a flagged one in red
 * with what the team does about it, the refunds made (amount, reason, who, when), and, for an order
 * still to be paid, its payment link to copy or send by WhatsApp. Owners refund an approved payment
 * ('Reembolsar') while the shop takes payments online; editors and analysts only read.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaymentsIcon from '@mui/icons-material/Payments';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import {
  useCanAccess,
  useDataProvider,
  useGetIdentity,
  useGetList,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { StaffRole } from '../common/staff-roles.ts';
import { formatPrice } from '@/lib/money.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { orderPagePath, paymentLink } from '../providers/payments.ts';
import { team } from '../providers/team.ts';
import { RefundDialog } from './RefundDialog.tsx';
import {
  flagText,
  holdState,
  isOrderStatus,
  needsTeam,
  type Order,
  type OrderPayment,
  type OrderRefund,
  PAYABLE_STATUSES,
  paymentAmount,
  paymentLinkMessage,
  paymentText,
  refundableCents,
  refunderName,
  shortMoment,
  sortPayments,
  toCents,
  whatsAppShareUrl,
} from './rules.ts';

/** Whether the shop takes payments online: true, false, or null when it could not be told (still reading: undefined). */
function useOnlinePayments(): boolean | null | undefined {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [enabled, setEnabled] = useState<boolean | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    dataProvider.onlinePaymentsEnabled().then(
      (on) => live && setEnabled(on),
      () => live && setEnabled(null),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return enabled;
}

/**
 * The emails of the people who refunded, for an owner (who may read the team's list); others read
 * 'Un dueño'. Asked only when a refund was made by someone other than the reader.
 */
function useRefunders(refunds: readonly OrderRefund[], me: string | undefined): ReadonlyMap<string, string> {
  const { permissions: role } = usePermissions<StaffRole | null>();
  const [emails, setEmails] = useState<ReadonlyMap<string, string>>(new Map());
  const others = refunds.some((r) => r.refunded_by && r.refunded_by !== me);
  useEffect(() => {
    if (role !== 'owner' || !others) return;
    let live = true;
    team.list().then(
      (members) => live && setEmails(new Map(members.map((m) => [m.id, m.email]))),
      () => undefined, // without the list, 'Un dueño'
    );
    return () => {
      live = false;
    };
  }, [role, others]);
  return emails;
}

function PaymentRow({
  payment,
  now,
  refundable,
  onRefund,
}: {
  payment: OrderPayment;
  now: Date;
  refundable: 'yes' | 'off' | 'no';
  onRefund: () => void;
}) {
  const translate = useTranslate();
  const open = needsTeam(payment);
  const flag = flagText(payment.flag);
  const refunded = toCents(payment.refunded_amount);
  const left = refundableCents(payment);
  return (
    <Box
      component="li"
      data-testid="order-payment"
      sx={{
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: open ? 'error.main' : 'divider',
        bgcolor: (theme) => (open ? alpha(theme.palette.error.main, 0.06) : 'transparent'),
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography fontWeight={600} sx={{ flex: '1 1 200px', minWidth: 0 }}>
          {paymentText(payment, now)}
        </Typography>
        <Typography fontWeight={600}>{paymentAmount(payment)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.orders.payment.mp_id', { id: payment.payment_id })}
        {payment.approved_at && ` · ${translate('app.orders.payment.approved', { date: shortMoment(payment.approved_at, now) })}`}
      </Typography>
      {refunded > 0 && (
        <Typography variant="body2" color="warning.dark">
          {left > 0
            ? translate('app.orders.payment.refunded_left', { amount: formatPrice(refunded / 100), left: formatPrice(left / 100) })
            : translate('app.orders.payment.refunded', { amount: formatPrice(refunded / 100) })}
        </Typography>
      )}
      {flag && (
        <Typography
          variant="body2"
          data-testid="payment-flag"
          color={open ? 'error' : 'text.secondary'}
          fontWeight={open ? 700 : 400}
          sx={{ mt: 0.5 }}
        >
          {open ? flag : translate('app.orders.payment.flag_done', { text: flag })}
        </Typography>
      )}
      {refundable === 'yes' && (
        <Box sx={{ mt: 0.5, display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" variant="outlined" color="error" onClick={onRefund}>
            {translate('app.orders.payment.refund')}
          </Button>
        </Box>
      )}
      {refundable === 'off' && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {translate('app.orders.payment.refund_off')}
        </Typography>
      )}
    </Box>
  );
}

/** 'Enlace de pago': the link, 'Copiar' (with a confirmation), 'Enviar por WhatsApp' (the team picks the chat). */
function PaymentLink({ order, now }: { order: Order; now: Date }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const link = paymentLink(order.page_token);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify('app.orders.payment.copied_notice', { type: 'success' });
    } catch {
      notify('app.orders.payment.copy_error', { type: 'error' });
    }
  };
  const holding = holdState(order, now)?.kind === 'apartado';
  return (
    <Box data-testid="payment-link">
      <TextField
        size="small"
        fullWidth
        label={translate('app.orders.payment.link_title')}
        value={link}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-label': translate('app.orders.payment.link_label', { reference: order.reference }) },
        }}
        onFocus={(e) => e.target.select()}
        sx={{ '& input': { fontFamily: 'monospace', fontSize: 13 } }}
      />
      {!holding && (
        <Typography variant="caption" color="warning.dark" component="div" sx={{ mt: 0.5 }}>
          {translate('app.orders.payment.link_no_hold')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(copied ? 'app.orders.payment.copied' : 'app.orders.payment.copy')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="success"
          startIcon={<WhatsAppIcon />}
          href={whatsAppShareUrl(paymentLinkMessage(order.reference, link))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {translate('app.orders.payment.whatsapp')}
        </Button>
        <OrderPageButton order={order} />
      </Stack>
    </Box>
  );
}

function OrderPageButton({ order }: { order: Order }) {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<OpenInNewIcon />} href={orderPagePath(order.page_token)} target="_blank" rel="noopener noreferrer">
      {translate('app.orders.payment.order_page')}
    </Button>
  );
}

export function PaymentPanel({ order, now }: { order: Order; now: Date }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const refresh = useRefresh();
  const enabled = useOnlinePayments();
  const { canAccess: mayRefund } = useCanAccess({ resource: 'order_refunds', action: 'create' });
  const [refunding, setRefunding] = useState<OrderPayment | null>(null);
  const payments = useGetList<OrderPayment>('order_payments', {
    filter: { order_id: order.id },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  const refunds = useGetList<OrderRefund>('order_refunds', {
    filter: { order_id: order.id },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  const me = identity ? { id: String(identity.id), email: String(identity.fullName ?? identity.id) } : null;
  const emails = useRefunders(refunds.data ?? [], me?.id);
  const payable = isOrderStatus(order.status) && PAYABLE_STATUSES.includes(order.status);

  const refundableOf = (p: OrderPayment): 'yes' | 'off' | 'no' => {
    if (!mayRefund || refundableCents(p) === 0) return 'no';
    return enabled === true ? 'yes' : enabled === false ? 'off' : 'no';
  };

  return (
    <Box component="section" aria-label={translate('app.orders.payment.title')} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <PaymentsIcon fontSize="small" color="action" />
        {translate('app.orders.payment.title')}
      </Typography>

      {payments.isPending ? (
        <Typography variant="body2">{translate('app.orders.payment.loading')}</Typography>
      ) : payments.error ? (
        <Typography color="error">{translate('app.orders.payment.load_error')}</Typography>
      ) : payments.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.orders.payment.none')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1}
          aria-label={translate('app.orders.payment.payments')}
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}
        >
          {sortPayments(payments.data).map((p) => (
            <PaymentRow key={p.id} payment={p} now={now} refundable={refundableOf(p)} onRefund={() => setRefunding(p)} />
          ))}
        </Stack>
      )}

      {(refunds.data ?? []).length > 0 && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {translate('app.orders.payment.refunds')}
          </Typography>
          <Box component="ul" aria-label={translate('app.orders.payment.refunds')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {refunds.data!.map((r) => (
              <Box component="li" key={r.id} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {r.reason}
                  </Typography>
                  <Typography variant="body2" fontWeight={600}>
                    {formatPrice(r.amount)}
                  </Typography>
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {translate('app.orders.payment.refund_by', {
                    who: refunderName(r.refunded_by, me, emails),
                    date: shortMoment(r.created_at, now),
                  })}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      {payable && enabled === true && <PaymentLink order={order} now={now} />}
      {(!payable || enabled !== true) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {payable && enabled === false && (
            <Alert severity="info" role="note" data-testid="payments-off" sx={{ flex: '1 1 100%', py: 0 }}>
              {translate('app.orders.payment.off')}
            </Alert>
          )}
          {payable && enabled === null && (
            <Alert severity="warning" role="note" sx={{ flex: '1 1 100%', py: 0 }}>
              {translate('app.orders.payment.unknown')}
            </Alert>
          )}
          <OrderPageButton order={order} />
        </Box>
      )}

      {refunding && (
        <RefundDialog
          order={order}
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            // the payment's block, the refunds and the list's row read the refund from the database
            refresh();
          }}
        />
      )}
    </Box>
  );
}
