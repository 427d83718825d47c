/**
 * The product list's bulk work: how many products are chosen (or "all N the filter matches"), the
 * actions (move to a campaign, category or brand, a discount, the pieces of every size, feature,
 * unfeature, delete) and their
 * confirmation, which says how many products change. One action is one transaction in the database.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider, BulkAction, BulkTarget } from '../providers/dataProvider.ts';
import { BULK_ACTIONS, bulkConfirmation, bulkValueProblem } from './bulkRules.ts';
import { useFormLookups } from './hooks/useLookups.ts';
import { parsePieces } from './stockRules.ts';

export interface BulkSelection {
  target: BulkTarget;
  count: number;
}

function BulkDialog({
  action,
  selection,
  onClose,
  onDone,
}: {
  action: BulkAction;
  selection: BulkSelection;
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const lookups = useFormLookups();
  const [id, setId] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [percent, setPercent] = useState('');
  const [pieces, setPieces] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const options =
    action === 'campaign'
      ? lookups.data?.campaigns
      : action === 'category'
        ? lookups.data?.categories
        : action === 'brand'
          ? lookups.data?.brands
          : null;
  const label = action === 'campaign' ? 'Campaña' : action === 'category' ? 'Categoría' : 'Marca';

  const confirm = async () => {
    const problem = bulkValueProblem(action, { id, percent, pieces });
    if (problem) {
      setError(problem);
      return;
    }
    const value =
      action === 'campaign'
        ? { campaign_id: id }
        : action === 'category'
          ? { category_id: id, subcategory_id: subcategory || null }
          : action === 'brand'
            ? { brand_id: id }
            : action === 'discount'
              ? { percent: Number(percent) }
              : action === 'stock'
                ? { existencias: Number(pieces) }
                : {};
    setPending(true);
    setError(null);
    try {
      const changed = await dataProvider.bulkUpdateProducts(selection.target, action, value, selection.count);
      notify(`${changed.toLocaleString('es-MX')} ${changed === 1 ? 'producto actualizado' : 'productos actualizados'}`, {
        type: 'success',
      });
      onDone();
    } catch (e) {
      setError((e as Error).message);
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={() => !pending && onClose()} fullWidth maxWidth="xs">
      <DialogTitle>{BULK_ACTIONS[action]}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {options && (
          <TextField select label={label} value={id} onChange={(e) => setId(e.target.value)} disabled={lookups.isPending}>
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.nombre}
              </MenuItem>
            ))}
          </TextField>
        )}
        {action === 'category' && id && (
          <TextField select label="Subcategoría (opcional)" value={subcategory} onChange={(e) => setSubcategory(e.target.value)}>
            <MenuItem value="">Ninguna</MenuItem>
            {(lookups.data?.subcategories ?? [])
              .filter((s) => s.category_id === id)
              .map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.nombre}
                </MenuItem>
              ))}
          </TextField>
        )}
        {action === 'discount' && (
          <TextField
            label="Descuento (%)"
            type="number"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 99, step: 1 } }}
          />
        )}
        {action === 'stock' && (
          <TextField
            label="Piezas por talla"
            type="number"
            value={pieces}
            onChange={(e) => setPieces(e.target.value)}
            helperText="De 0 a 9999."
            slotProps={{ htmlInput: { min: 0, max: 9999, step: 1, inputMode: 'numeric' } }}
          />
        )}
        <Typography data-testid="bulk-confirmation">
          {action === 'stock'
            ? bulkConfirmation(action, selection.count, parsePieces(pieces) ?? undefined)
            : bulkConfirmation(action, selection.count, percent ? Number(percent) : undefined)}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={() => void confirm()}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} /> : null}
        >
          Confirmar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Shown while products are chosen: the count, "choose all that match", the actions and "clear". */
export function BulkBar({
  selection,
  matching,
  allMatching,
  onAllMatching,
  onClear,
  onDone,
}: {
  selection: BulkSelection;
  /** How many products the list's filter matches. */
  matching: number;
  allMatching: boolean;
  onAllMatching: () => void;
  onClear: () => void;
  onDone: () => void;
}) {
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Acciones en lote"
      sx={{ position: 'sticky', top: 56, zIndex: 2, p: 1.5, mb: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography sx={{ fontWeight: 600 }} data-testid="bulk-count">
        {allMatching
          ? `Los ${selection.count.toLocaleString('es-MX')} productos que coinciden`
          : `${selection.count.toLocaleString('es-MX')} seleccionados`}
      </Typography>
      {!allMatching && matching > selection.count && (
        <Button size="small" onClick={onAllMatching}>
          Seleccionar los {matching.toLocaleString('es-MX')} que coinciden
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <TextField
        select
        size="small"
        label="Acción"
        value=""
        onChange={(e) => setAction(e.target.value as BulkAction)}
        sx={{ minWidth: 220 }}
        fullWidth={false}
      >
        {(Object.keys(BULK_ACTIONS) as BulkAction[]).map((a) => (
          <MenuItem key={a} value={a}>
            {BULK_ACTIONS[a]}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" onClick={onClear}>
        Quitar selección
      </Button>
      {action && (
        <BulkDialog
          action={action}
          selection={selection}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onDone();
          }}
        />
      )}
    </Paper>
  );
}
