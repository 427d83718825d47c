/**
 * 'Fusionar Categorías' / 'Fusionar Subcategorías' (spec 4): source and target must differ, the target
 * must be active with at least one product, and a checkbox confirms. One SQL function does the merge
 * in one transaction (merge_categories / merge_subcategories).
 */
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../common/errors.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { TaxonomyKind } from './CategoryDialog.tsx';

export interface MergeItem {
  id: string;
  nombre: string;
  activa: boolean;
  product_count: number;
  category_nombre?: string | null;
}

/** Targets a source may merge into: not itself, active, with products. */
export function mergeTargets<T extends MergeItem>(items: T[], sourceId: string): T[] {
  return items.filter((i) => i.id !== sourceId && i.activa && Number(i.product_count) > 0);
}

const label = (i: MergeItem) =>
  `${i.nombre}${i.category_nombre ? ` · ${i.category_nombre}` : ''} (${Number(i.product_count).toLocaleString('es-MX')})`;

export function MergeDialog({
  kind,
  items,
  open,
  onClose,
}: {
  kind: TaxonomyKind;
  items: MergeItem[];
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [pending, setPending] = useState(false);
  const isCategory = kind === 'categories';

  const close = () => {
    setSource('');
    setTarget('');
    setConfirmed(false);
    onClose();
  };

  const submit = async () => {
    if (source === target) {
      notify(isCategory ? 'app.categories.merge_same_category' : 'app.categories.merge_same_subcategory', { type: 'error' });
      return;
    }
    setPending(true);
    try {
      const result = isCategory
        ? await dataProvider.mergeCategories(source, target)
        : await dataProvider.mergeSubcategories(source, target);
      notify(isCategory ? 'app.categories.merge_categories_done' : 'app.categories.merge_subcategories_done', {
        type: 'success',
        messageArgs: { smart_count: result.products_moved },
      });
      refresh();
      close();
    } catch (error) {
      notify(isCategory ? 'app.categories.merge_categories_error' : 'app.categories.merge_subcategories_error', {
        type: 'error',
        messageArgs: { detail: errorMessage(error) ?? translate('app.unknown_error') },
      });
    } finally {
      setPending(false);
    }
  };

  const targets = source ? mergeTargets(items, source) : [];
  const ready = Boolean(source && target && source !== target && confirmed);
  const title = translate(isCategory ? 'app.categories.merge_categories' : 'app.categories.merge_subcategories');

  return (
    <Dialog open={open} onClose={pending ? undefined : close} fullWidth maxWidth="sm" aria-labelledby={`merge-${kind}-title`}>
      <DialogTitle id={`merge-${kind}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(isCategory ? 'app.categories.merge_hint_category' : 'app.categories.merge_hint_subcategory')}
          </Typography>
          <FormControl fullWidth>
            <InputLabel id={`merge-${kind}-source`}>{translate('app.categories.merge_source')}</InputLabel>
            <Select
              labelId={`merge-${kind}-source`}
              label={translate('app.categories.merge_source')}
              value={source}
              onChange={(e) => {
                setSource(e.target.value);
                if (e.target.value === target) setTarget('');
              }}
            >
              {items.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {label(i)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth disabled={!source}>
            <InputLabel id={`merge-${kind}-target`}>{translate('app.categories.merge_target')}</InputLabel>
            <Select
              labelId={`merge-${kind}-target`}
              label={translate('app.categories.merge_target')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              {targets.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {label(i)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {source && targets.length === 0 && <Alert severity="info">{translate('app.categories.merge_no_targets')}</Alert>}
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={translate('app.categories.merge_confirm_label')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {translate('app.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={submit}
          disabled={!ready || pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {translate('app.categories.merge_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
