/**
 * One message, whole: who wrote, how to answer (email, WhatsApp), the page they wrote from, the text.
 * Opening an unread message marks it read.
 */
import ArchiveIcon from '@mui/icons-material/Archive';
import EmailIcon from '@mui/icons-material/Email';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { SHOP } from '@/config/shop.ts';
import { shopPageLink } from '@/lib/contact.ts';
import { formatReportDate } from '@/lib/dates.ts';
import { type ContactMessage, replyMailto, replyWhatsApp } from './rules.ts';
import { useMessageMarks } from './useMessageMarks.ts';

export function MessageDialog({ message, onClose }: { message: ContactMessage | null; onClose: () => void }) {
  const translate = useTranslate();
  const { markOne } = useMessageMarks();
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks once per opened message, not on every render of the mutation
  useEffect(() => {
    if (message && !message.read_at) markOne(message, 'read', true);
  }, [message?.id]);
  if (!message) return null;
  const mailto = replyMailto(message, SHOP.name);
  const whatsapp = replyWhatsApp(message, SHOP.chatHost, SHOP.name);
  // the back office is served by the shop itself: a page links under this origin, never elsewhere
  const pageLink = shopPageLink(message.page, window.location.origin);
  const close = (after?: () => void) => () => {
    after?.();
    onClose();
  };
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="mensaje-titulo">
      <DialogTitle id="mensaje-titulo">{message.subject ?? translate('app.messages.no_subject')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography fontWeight={600}>{message.name}</Typography>
          {message.email && <Typography variant="body2">{message.email}</Typography>}
          {message.phone && <Typography variant="body2">{message.phone}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {translate('app.messages.received', { date: formatReportDate(message.created_at, 'minutes') })}
            {message.page && (
              <>
                {' · '}
                {translate('app.messages.from_page')}{' '}
                {pageLink ? (
                  <Link href={pageLink} target="_blank" rel="noopener">
                    {message.page}
                  </Link>
                ) : (
                  message.page
                )}
              </>
            )}
          </Typography>
        </Stack>
        <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mailto && (
          <Button startIcon={<EmailIcon />} href={mailto}>
            {translate('app.messages.reply_email')}
          </Button>
        )}
        {whatsapp && (
          <Button startIcon={<WhatsAppIcon />} href={whatsapp} target="_blank" rel="noopener">
            {translate('app.messages.reply_whatsapp')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<MarkEmailUnreadIcon />} onClick={close(() => markOne(message, 'unread'))}>
          {translate('app.messages.mark_unread')}
        </Button>
        {message.archived_at ? (
          <Button startIcon={<UnarchiveIcon />} onClick={close(() => markOne(message, 'unarchive'))}>
            {translate('app.messages.unarchive')}
          </Button>
        ) : (
          <Button startIcon={<ArchiveIcon />} onClick={close(() => markOne(message, 'archive'))}>
            {translate('app.messages.archive')}
          </Button>
        )}
        <Button onClick={close()}>{translate('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
