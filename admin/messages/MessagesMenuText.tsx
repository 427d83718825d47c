/** The menu's 'Mensajes' entry with how many messages are unread, asked again every minute. */
import { Box, Chip } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { UNREAD_FILTER } from './rules.ts';

export function MessagesMenuText() {
  const translate = useTranslate();
  const { total } = useGetList(
    'contact_messages',
    { filter: UNREAD_FILTER, pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' } },
    { refetchInterval: 60_000 },
  );
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {translate('app.menu.messages')}
      {typeof total === 'number' && total > 0 && (
        <Chip
          size="small"
          color="primary"
          label={total}
          aria-label={translate('app.messages.unread_count', { smart_count: total })}
          sx={{ height: 20 }}
        />
      )}
    </Box>
  );
}
