/**
 * 'Mensajes': the contact form's messages, newest first, in two tabs (the inbox and the archived).
 * Unread messages are in bold; opening one shows it whole and marks it read. Each row and each
 * selection can be marked read or unread and archived or moved back; 'Exportar CSV' saves the tab's
 * messages as mensajes_contacto_{yyyy-MM-dd}.csv.
 */
import ArchiveIcon from '@mui/icons-material/Archive';
import DownloadIcon from '@mui/icons-material/Download';
import DraftsIcon from '@mui/icons-material/Drafts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import RefreshIcon from '@mui/icons-material/Refresh';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { Box, Button, Tab, Tabs, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, useDataProvider, useListContext, useNotify, useRefresh, useStore, useTranslate } from 'react-admin';
import { formatReportDate, todayInMexicoCity } from '@/lib/dates.ts';
import { downloadCsv } from '../analytics/download.ts';
import { csvFileName, NOTHING_TO_EXPORT, toCsv } from '../common/csv-export.ts';
import { MessageActions } from './MessageActions.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { type ContactMessage, type InboxTab, MESSAGE_CSV_COLUMNS, tabFilter } from './rules.ts';
import { useMessageMarks } from './useMessageMarks.ts';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** PostgREST's page limit: the export reads the tab in pages this big. */
const EXPORT_PAGE = 1000;

function Header({ tab, setTab }: { tab: InboxTab; setTab: (tab: InboxTab) => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { total } = useListContext();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: ContactMessage[] = [];
      for (let page = 1; ; page++) {
        const { data } = await dataProvider.getList<ContactMessage>('contact_messages', {
          filter: tabFilter(tab),
          sort: { field: 'created_at', order: 'DESC' },
          pagination: { page, perPage: EXPORT_PAGE },
        });
        rows.push(...data);
        if (data.length < EXPORT_PAGE) break;
      }
      if (rows.length === 0) {
        notify(NOTHING_TO_EXPORT, { type: 'info' });
        return;
      }
      downloadCsv(csvFileName('mensajes_contacto', todayInMexicoCity()), toCsv(MESSAGE_CSV_COLUMNS, rows));
    } catch {
      notify('app.messages.export_error', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ width: '100%', pt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('app.messages.title')}
          {typeof total === 'number' && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({total})
            </Typography>
          )}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => refresh()}>
          {translate('app.refresh')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={exporting}>
          {translate('app.messages.export')}
        </Button>
      </Box>
      <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ mt: 1 }}>
        <Tab value="inbox" label={translate('app.messages.tab_inbox')} />
        <Tab value="archived" label={translate('app.messages.tab_archived')} />
      </Tabs>
    </Box>
  );
}

function BulkActions({ tab }: { tab: InboxTab }) {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const { markMany } = useMessageMarks();
  return (
    <>
      <Button size="small" startIcon={<DraftsIcon />} onClick={() => markMany(selectedIds, 'read')}>
        {translate('app.messages.mark_read')}
      </Button>
      <Button size="small" startIcon={<MarkEmailUnreadIcon />} onClick={() => markMany(selectedIds, 'unread')}>
        {translate('app.messages.mark_unread')}
      </Button>
      {tab === 'inbox' ? (
        <Button size="small" startIcon={<ArchiveIcon />} onClick={() => markMany(selectedIds, 'archive')}>
          {translate('app.messages.archive')}
        </Button>
      ) : (
        <Button size="small" startIcon={<UnarchiveIcon />} onClick={() => markMany(selectedIds, 'unarchive')}>
          {translate('app.messages.unarchive')}
        </Button>
      )}
    </>
  );
}

/** The first line of the text, cut to fit a row. */
const preview = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};

export function MessageList() {
  const translate = useTranslate();
  const notify = useNotify();
  const [tab, setTab] = useStore<InboxTab>('messages.tab', 'inbox');
  const [open, setOpen] = useState<ContactMessage | null>(null);
  // On a phone the sender, subject and date share one column, so a row fits the screen.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <List
        resource="contact_messages"
        title={translate('app.messages.title')}
        filter={tabFilter(tab)}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={false}
        exporter={false}
        empty={false}
        queryOptions={{ onError: () => notify('app.messages.load_error', { type: 'error' }) }}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <Header tab={tab} setTab={setTab} />
        <DataTable<ContactMessage>
          bulkActionButtons={<BulkActions tab={tab} />}
          rowClick={(_id, _resource, record) => {
            setOpen(record as ContactMessage);
            return false;
          }}
          rowSx={(r) => (r.read_at ? {} : { '& td': { fontWeight: 700 } })}
          empty={<Box sx={{ p: 2 }}>{translate(tab === 'inbox' ? 'app.messages.empty' : 'app.messages.empty_archived')}</Box>}
        >
          <DataTable.Col
            source="name"
            render={(m) => (
              <Box>
                <Box component="span" sx={{ fontWeight: 'inherit' }}>
                  {!m.read_at && (
                    <>
                      <span aria-hidden="true">● </span>
                      <Box component="span" sx={visuallyHidden}>
                        {translate('app.messages.unread')}:{' '}
                      </Box>
                    </>
                  )}
                  {m.name}
                </Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  {[m.email, m.phone].filter(Boolean).join(' · ')}
                </Typography>
                {phone && (
                  <Typography variant="body2" component="div" sx={{ mt: 0.5, fontWeight: 'inherit' }}>
                    {m.subject ?? translate('app.messages.no_subject')} · {formatReportDate(m.created_at, 'minutes')}
                  </Typography>
                )}
              </Box>
            )}
          />
          {!phone && (
            <DataTable.Col
              source="subject"
              render={(m) => (
                <Box>
                  <Box sx={{ fontWeight: 'inherit' }}>{m.subject ?? translate('app.messages.no_subject')}</Box>
                  <Typography variant="body2" color="text.secondary" component="div" sx={{ fontWeight: 400 }}>
                    {preview(m.message)}
                  </Typography>
                </Box>
              )}
            />
          )}
          {!phone && <DataTable.Col source="created_at" render={(m) => formatReportDate(m.created_at, 'minutes')} />}
          <DataTable.Col
            label={translate('app.actions')}
            disableSort
            align="right"
            render={(m) => <MessageActions message={m as ContactMessage} />}
          />
        </DataTable>
      </List>
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
