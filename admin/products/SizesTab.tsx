/**
 * 'Tallas': each size with its pieces ('Existencias', 0 to 9999, saved when the field is left or on
 * Enter) and how it stands: pieces for sale, pieces unpaid orders hold ('1 apartada'), or 'Agotada'
 * (no piece left, struck through; giving it pieces puts it back on sale). Sizes are added (trimmed;
 * 'Esta talla ya existe' for a case-insensitive duplicate) with their pieces, 1 unless said otherwise,
 * and deleted, except one an unpaid order holds. A product without sizes is its own stock: the tab
 * edits the product's pieces instead. The database has the last word on every change (never fewer
 * pieces than are held, never delete a held or sold size): its refusals are shown as it words them.
 */
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useCreate, useDelete, useGetList, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { refusalMessage } from '../common/errors.ts';
import { isDuplicateSize, normalizeSize } from './rules.ts';
import {
  canDeleteSize,
  DEFAULT_PIECES,
  freePieces,
  MAX_PIECES,
  type PieceCount,
  parsePieces,
  piecesToSave,
  stockState,
} from './stockRules.ts';
import type { AdminProduct, ProductSize } from '../providers/productTypes.ts';

export function SizesTab({ productId }: { productId: string | null }) {
  const t = useTranslate();
  if (!productId)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('app.products.form.save_first_sizes')}
      </Alert>
    );
  return <SizesEditor productId={productId} />;
}

/**
 * A pieces field's draft: what the person typed, saved when they leave the field or press Enter (only
 * a changed, valid count is sent); the error is the form's message or the database's refusal.
 */
function usePiecesDraft(saved: number, save: (pieces: number) => Promise<void>) {
  const t = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState(String(saved));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // a refetched count (this person's save, or the database's) replaces the draft
  useEffect(() => setDraft(String(saved)), [saved]);

  const commit = async () => {
    if (parsePieces(draft) === null) {
      setError(t('app.products.form.pieces_invalid', { max: MAX_PIECES }));
      return;
    }
    const pieces = piecesToSave(draft, saved);
    setError(null);
    if (pieces === null) return;
    setSaving(true);
    try {
      await save(pieces);
      notify('app.products.notify.pieces_saved', { type: 'success' });
    } catch (e) {
      setError(refusalMessage(e) ?? t('app.products.notify.pieces_save_error'));
    } finally {
      setSaving(false);
    }
  };

  const input = {
    value: draft,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: () => void commit(),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        void commit();
      } else if (e.key === 'Escape') {
        e.stopPropagation();
        setDraft(String(saved));
        setError(null);
      }
    },
    error: error !== null,
    type: 'number',
    slotProps: {
      htmlInput: { min: 0, max: MAX_PIECES, step: 1, inputMode: 'numeric' as const },
      input: saving
        ? {
            endAdornment: (
              <InputAdornment position="end">
                <CircularProgress size={14} />
              </InputAdornment>
            ),
          }
        : {},
    },
  };
  return { input, error };
}

/** '2 a la venta', '1 apartada' (held pieces stand out), 'Agotada' / 'Agotado'. */
function StockStatus({ count, soldOutKey }: { count: PieceCount; soldOutKey: string }) {
  const t = useTranslate();
  const state = stockState(count);
  if (state === 'agotada')
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t(soldOutKey)}
      </Typography>
    );
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      {state === 'a_la_venta' && (
        <Typography variant="body2" color="text.secondary" component="span">
          {t('app.products.form.for_sale', { smart_count: freePieces(count) })}
        </Typography>
      )}
      {count.apartadas > 0 && (
        <Chip size="small" color="warning" variant="outlined" label={t('app.products.form.held', { smart_count: count.apartadas })} />
      )}
    </Box>
  );
}

function SizeRow({ size, onChanged }: { size: ProductSize; onChanged: () => Promise<unknown> }) {
  const t = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<ProductSize>();
  const [deleteOne] = useDelete<ProductSize>();
  const { input, error } = usePiecesDraft(size.existencias, async (existencias) => {
    await update('product_sizes', { id: size.id, data: { existencias }, previousData: size }, { returnPromise: true });
    await onChanged();
  });
  const soldOut = stockState(size) === 'agotada';
  const deletable = canDeleteSize(size);
  const deleteLabel = t('app.products.form.delete_size', { talla: size.talla });

  const remove = async () => {
    try {
      await deleteOne('product_sizes', { id: size.id, previousData: size }, { returnPromise: true });
      await onChanged();
    } catch (e) {
      // a size with a sale stays: the database says so in Spanish
      const refusal = refusalMessage(e);
      if (refusal) notify(refusal, { type: 'error', messageArgs: { _: refusal } });
      else notify('app.products.notify.size_delete_error', { type: 'error' });
    }
  };

  return (
    <Box
      component="li"
      data-testid="size-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(48px, auto) 104px 1fr auto', sm: 'minmax(64px, auto) 120px 1fr auto' },
        alignItems: 'center',
        columnGap: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        fontWeight={600}
        sx={soldOut ? { textDecoration: 'line-through', color: 'text.secondary', overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }}
      >
        {size.talla}
      </Typography>
      <TextField
        size="small"
        label={t('app.products.form.existencias')}
        {...input}
        slotProps={{
          ...input.slotProps,
          htmlInput: { ...input.slotProps.htmlInput, 'aria-label': t('app.products.form.size_pieces', { talla: size.talla }) },
        }}
      />
      <StockStatus count={size} soldOutKey="app.products.form.size_sold_out" />
      {deletable ? (
        <IconButton size="small" aria-label={deleteLabel} onClick={() => void remove()}>
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : (
        // held pieces keep their size: the button stays visible but off, and says why
        <Tooltip title={t('app.products.form.size_held_no_delete')}>
          <span>
            <IconButton size="small" aria-label={deleteLabel} disabled>
              <CloseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert" sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** A product without sizes: its own pieces and those unpaid orders hold. */
function ProductStock({ productId }: { productId: string }) {
  const t = useTranslate();
  const [update] = useUpdate<AdminProduct>();
  const { data: product, refetch } = useGetOne<AdminProduct>('products', { id: productId });
  const { input, error } = usePiecesDraft(product?.existencias ?? DEFAULT_PIECES, async (existencias) => {
    await update(
      'products',
      { id: productId, data: { existencias }, ...(product ? { previousData: product } : {}) },
      { returnPromise: true },
    );
    await refetch();
  });
  if (!product) return <CircularProgress size={24} />;
  return (
    <Box data-testid="product-stock">
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('app.products.form.no_sizes')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField size="small" label={t('app.products.form.product_pieces')} sx={{ width: 200 }} {...input} />
        <StockStatus count={product} soldOutKey="app.products.form.product_sold_out" />
      </Box>
      {error && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

function SizesEditor({ productId }: { productId: string }) {
  const t = useTranslate();
  const notify = useNotify();
  const {
    data: sizes = [],
    isPending,
    refetch,
  } = useGetList<ProductSize>('product_sizes', {
    filter: { product_id: productId },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'created_at', order: 'ASC' },
  });
  const [create] = useCreate<ProductSize>();
  const [size, setSize] = useState('');
  const [pieces, setPieces] = useState(String(DEFAULT_PIECES));
  const [busy, setBusy] = useState(false);
  const duplicate = isDuplicateSize(
    size,
    sizes.map((s) => s.talla),
  );
  const badPieces = parsePieces(pieces) === null;

  const add = async () => {
    const value = normalizeSize(size);
    const existencias = parsePieces(pieces);
    if (!value || existencias === null) return;
    if (duplicate) {
      notify('app.products.notify.size_duplicate', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await create('product_sizes', { data: { product_id: productId, talla: value, existencias } }, { returnPromise: true });
      setSize('');
      setPieces(String(DEFAULT_PIECES));
      await refetch();
    } catch (e) {
      const refusal = refusalMessage(e);
      if (refusal) notify(refusal, { type: 'error', messageArgs: { _: refusal } });
      else notify('app.products.notify.size_add_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 104px', sm: '220px 120px auto' },
          columnGap: 1,
          alignItems: 'start',
          justifyContent: 'start',
        }}
      >
        <TextField
          size="small"
          label={t('app.products.form.size')}
          value={size}
          onChange={(e) => setSize(e.target.value)}
          onKeyDown={onEnter}
          error={duplicate}
          helperText={duplicate ? t('app.products.notify.size_duplicate') : ' '}
        />
        <TextField
          size="small"
          type="number"
          label={t('app.products.form.existencias')}
          value={pieces}
          onChange={(e) => setPieces(e.target.value)}
          onKeyDown={onEnter}
          error={badPieces}
          helperText=" "
          slotProps={{ htmlInput: { min: 0, max: MAX_PIECES, step: 1, inputMode: 'numeric' } }}
        />
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <AddIcon />}
          disabled={!normalizeSize(size) || badPieces || busy}
          onClick={() => void add()}
          sx={{ mt: { xs: 0, sm: 1 }, justifySelf: 'start', gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          {t('app.products.form.add_size')}
        </Button>
        {badPieces && (
          <Typography variant="body2" color="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
            {t('app.products.form.pieces_invalid', { max: MAX_PIECES })}
          </Typography>
        )}
      </Box>
      {isPending ? (
        <CircularProgress size={24} />
      ) : sizes.length === 0 ? (
        <ProductStock productId={productId} />
      ) : (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('app.products.form.sizes_help')}
          </Typography>
          <Box component="ul" data-testid="sizes-list" aria-label={t('app.products.form.tab_sizes')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sizes.map((s) => (
              <SizeRow key={s.id} size={s} onChanged={refetch} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
