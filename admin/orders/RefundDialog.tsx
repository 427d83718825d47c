/**
 * 'Reembolsar' (owners): gives back all or part of one approved payment through Mercado Pago. The
 * amount starts at all that is left (shown beside it) and is checked before sending; the reason is
 * required and kept with the refund. It reminds the owner of the revocation right the shop's
 * policies promise and that a refund, even of all of it, leaves the order's status as it is. Sending
 * happens once: the button is disabled from the first click until the answer (the refund function's
 * idempotency only covers simultaneous or retried requests), and a refusal is shown as the function
 * words it.
 */
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { formatPrice } from '@/lib/money.ts';
import { errorMessage } from '../common/errors.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import {
  centsText,
  type Order,
  type OrderPayment,
  parseRefundAmount,
  paymentAmount,
  paymentMethodName,
  refundableCents,
  refundNote,
} from './rules.ts';

/** The revocation window the law sets as a floor (LFPC art. 56), used until the shop's settings are read. */
const LEGAL_REVOCATION_DAYS = 5;
const REASON_MAX = 500;

export function RefundDialog({
  order,
  payment,
  onClose,
  onDone,
}: {
  order: Order;
  payment: OrderPayment;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data: settings } = useGetOne<{ id: number; revocation_days: number }>('shop_settings', { id: 1 });
  const left = refundableCents(payment);
  const [amount, setAmount] = useState(centsText(left));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // a second click before React re-renders the disabled button must not send a second refund
  const inFlight = useRef(false);

  const parsed = parseRefundAmount(amount, left);
  const amountError = 'error' in parsed ? parsed.error : null;
  const reasonError = reason.trim() === '' ? translate('app.orders.payment.reason_required') : null;
  const cents = 'cents' in parsed ? parsed.cents : null;

  const submit = async () => {
    setTried(true);
    if (inFlight.current || cents === null || reasonError) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    try {
      const result = await dataProvider.refundPayment({
        order_id: String(order.id),
        payment_id: payment.payment_id,
        amount: cents / 100,
        reason: reason.trim(),
      });
      notify(translate('app.orders.payment.done', { amount: formatPrice(result.amount) }), { type: 'success' });
      onDone();
    } catch (e) {
      setError(errorMessage(e) ?? translate('app.unknown_error'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={() => !sending && onClose()} fullWidth maxWidth="xs" aria-labelledby="refund-dialog-title">
      <DialogTitle id="refund-dialog-title">{translate('app.orders.payment.refund_title', { id: payment.payment_id })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info" role="note" icon={false} sx={{ py: 0 }}>
            {translate('app.orders.payment.refund_of', { method: paymentMethodName(payment), amount: paymentAmount(payment) })}
          </Alert>
          <TextField
            label={translate('app.orders.payment.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={sending}
            error={tried && amountError !== null}
            helperText={
              tried && amountError
                ? amountError
                : translate('app.orders.payment.amount_left', { left: formatPrice(left / 100), amount: paymentAmount(payment) })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={translate('app.orders.payment.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
            disabled={sending}
            required
            multiline
            minRows={2}
            error={tried && reasonError !== null}
            helperText={tried && reasonError ? reasonError : translate('app.orders.payment.reason_help')}
          />
          <Alert severity="warning" role="note" sx={{ py: 0 }}>
            {refundNote(settings?.revocation_days ?? LEGAL_REVOCATION_DAYS)}
          </Alert>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {translate('app.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={sending}
          onClick={() => void submit()}
          startIcon={sending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {sending
            ? translate('app.orders.payment.sending')
            : translate('app.orders.payment.submit', { amount: cents !== null ? formatPrice(cents / 100) : '' }).trim()}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
