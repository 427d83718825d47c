/**
 * Always in the app bar: whether the shop the shoppers see is up to date ('Tienda publicada hace
 * 5 min', 'Cambios pendientes', 'Publicando... 0:42' or the last error) and a 'Publicar ahora'
 * button. Refreshes at once after a write, every few seconds while changes wait or a publication
 * runs, every half minute otherwise.
 */
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import { Box, Button, Chip, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { PUBLICATION_REQUESTED_EVENT } from '../providers/requestPublication.ts';
import { type LatestPublication, type PublicationTone, publicationStatus } from './status.ts';

const BUSY_REFRESH_MS = 3000;
const IDLE_REFRESH_MS = 30_000;

const CHIP_COLOR: Record<PublicationTone, 'success' | 'warning' | 'error' | 'info'> = {
  ok: 'success',
  pending: 'warning',
  error: 'error',
  working: 'info',
};

const ICON: Record<PublicationTone, React.ReactElement> = {
  ok: <CloudDoneOutlined />,
  pending: <CloudUploadOutlined />,
  error: <ErrorOutline />,
  working: <CircularProgress size={14} color="inherit" />,
};

/** The current time, ticking every second while `active`. */
function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    if (!active) return;
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

export function PublicationStatus() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const refetchInterval = busy ? BUSY_REFRESH_MS : IDLE_REFRESH_MS;
  const newest = useGetList<LatestPublication & { id: number }>(
    'publications',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter: { 'status@neq': 'skipped' } },
    { refetchInterval },
  );
  const published = useGetList<LatestPublication & { id: number }>(
    'publications',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'finished_at', order: 'DESC' }, filter: { status: 'published' } },
    { refetchInterval },
  );
  const pending = useGetList(
    'rebuild_requests',
    { pagination: { page: 1, perPage: 1 }, filter: { status: 'pending' } },
    { refetchInterval },
  );

  const latest = newest.data?.[0] ?? null;
  const working = latest?.status === 'requested' || latest?.status === 'building';
  const waiting = (pending.total ?? 0) > 0;
  useEffect(() => setBusy(working || waiting), [working, waiting]);
  const now = useNow(working);
  const { refetch: refetchNewest } = newest;
  const { refetch: refetchPending } = pending;
  useEffect(() => {
    const refresh = () => {
      setBusy(true);
      void refetchNewest();
      void refetchPending();
    };
    window.addEventListener(PUBLICATION_REQUESTED_EVENT, refresh);
    return () => window.removeEventListener(PUBLICATION_REQUESTED_EVENT, refresh);
  }, [refetchNewest, refetchPending]);
  if (newest.isPending || pending.isPending || published.isPending) return null;
  const status = publicationStatus(latest, published.data?.[0]?.finished_at ?? null, pending.total ?? 0, now);

  const publishNow = async () => {
    setAsking(true);
    try {
      await dataProvider.requestPublication(true);
      notify(translate('app.publishing.requested'), { type: 'info' });
      setBusy(true);
      await newest.refetch();
    } catch (error) {
      notify(translate('app.publishing.request_error', { error: error instanceof Error ? error.message : String(error) }), {
        type: 'error',
      });
    } finally {
      setAsking(false);
    }
  };

  const label = translate(status.key, status.params);
  return (
    <Box role="status" aria-label={translate('app.publishing.status_label')} sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1 }}>
      <Tooltip title={status.error ?? ''} disableHoverListener={!status.error}>
        <Chip
          size="small"
          color={CHIP_COLOR[status.tone]}
          icon={ICON[status.tone]}
          label={label}
          sx={{ maxWidth: { xs: 150, sm: 'none' }, bgcolor: 'background.paper', color: `${CHIP_COLOR[status.tone]}.dark`, fontWeight: 500 }}
        />
      </Tooltip>
      {!working && (
        <>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={publishNow}
            disabled={asking}
            startIcon={<PublishOutlined />}
            sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}
          >
            {translate('app.publishing.publish_now')}
          </Button>
          <Tooltip title={translate('app.publishing.publish_now')}>
            <IconButton
              color="inherit"
              onClick={publishNow}
              disabled={asking}
              aria-label={translate('app.publishing.publish_now')}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <PublishOutlined />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Box>
  );
}
