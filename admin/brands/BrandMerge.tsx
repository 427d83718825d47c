/**
 * 'Fusionar Marcas' (spec 4, 5): source and target lists exclude each other; a preview gives the
 * products moving, the source's removal and the combined total; the confirmation cannot be dismissed
 * by an outside click. merge_brands moves everything and deletes the source in one transaction.
 */
import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Alert, Button, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { errorMessage } from '../common/errors.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { BrandRow } from './types.ts';

export interface MergePreview {
  moving: number;
  total: number;
}

export function mergePreview(source: Pick<BrandRow, 'product_count'>, target: Pick<BrandRow, 'product_count'>): MergePreview {
  const moving = Number(source.product_count) || 0;
  return { moving, total: moving + (Number(target.product_count) || 0) };
}

export function BrandMerge({ brands }: { brands: BrandRow[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [sourceId, setSourceId] = useState('');
  const [targetId, setTargetId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const source = brands.find((b) => b.id === sourceId);
  const target = brands.find((b) => b.id === targetId);
  const preview = source && target ? mergePreview(source, target) : null;

  const merge = async () => {
    if (!source || !target) return;
    setPending(true);
    try {
      await dataProvider.mergeBrands(source.id, target.id);
      notify('app.brands.merged', { type: 'success' });
      setSourceId('');
      setTargetId('');
      refresh();
    } catch (error) {
      const detail = errorMessage(error);
      notify(detail ? `${translate('app.brands.merge_error')}: ${detail}` : 'app.brands.merge_error', { type: 'error' });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  const names = { source: source?.display_name ?? '', target: target?.display_name ?? '' };
  return (
    <Card>
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <FormControl fullWidth>
            <InputLabel id="merge-brand-source">{translate('app.brands.source')}</InputLabel>
            <Select
              labelId="merge-brand-source"
              label={translate('app.brands.source')}
              value={sourceId}
              onChange={(e) => setSourceId(e.target.value)}
            >
              {brands
                .filter((b) => b.id !== targetId)
                .map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.display_name} ({Number(b.product_count).toLocaleString('es-MX')})
                  </MenuItem>
                ))}
            </Select>
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id="merge-brand-target">{translate('app.brands.target')}</InputLabel>
            <Select
              labelId="merge-brand-target"
              label={translate('app.brands.target')}
              value={targetId}
              onChange={(e) => setTargetId(e.target.value)}
            >
              {brands
                .filter((b) => b.id !== sourceId)
                .map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.display_name} ({Number(b.product_count).toLocaleString('es-MX')})
                  </MenuItem>
                ))}
            </Select>
          </FormControl>
          {preview && (
            <Alert severity="warning" data-testid="merge-preview">
              <Typography fontWeight={600}>{translate('app.brands.preview_title')}</Typography>
              <Typography variant="body2">{translate('app.brands.preview_moving', { smart_count: preview.moving, ...names })}</Typography>
              <Typography variant="body2">{translate('app.brands.preview_removal', names)}</Typography>
              <Typography variant="body2">{translate('app.brands.preview_total', { smart_count: preview.total, ...names })}</Typography>
            </Alert>
          )}
          <div>
            <Button
              variant="contained"
              color="warning"
              startIcon={<CallMergeIcon />}
              disabled={!preview || pending}
              onClick={() => setConfirming(true)}
            >
              {translate('app.brands.merge')}
            </Button>
          </div>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        persistent
        title={translate('app.brands.confirm_title')}
        content={translate('app.brands.confirm_body', names)}
        confirmLabel={translate('app.brands.merge')}
        pending={pending}
        onClose={() => setConfirming(false)}
        onConfirm={merge}
      />
    </Card>
  );
}
