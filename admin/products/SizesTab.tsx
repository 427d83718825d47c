/**
 * 'Tallas': add (trimmed; 'Esta talla ya existe' for a case-insensitive duplicate) and delete sizes. A size a
 * paid order sold says 'Vendida' (the shop no longer offers it; cancelling the order in Pedidos puts it back).
 */
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, CircularProgress, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreate, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { isDuplicateSize, normalizeSize } from './rules.ts';
import type { ProductSize } from './types.ts';

export function SizesTab({ productId }: { productId: string | null }) {
  const t = useTranslate();
  if (!productId)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('resources.products.form.save_first_sizes')}
      </Alert>
    );
  return <SizesEditor productId={productId} />;
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
  const [deleteOne] = useDelete<ProductSize>();
  const [size, setSize] = useState('');
  const [busy, setBusy] = useState(false);
  const duplicate = isDuplicateSize(
    size,
    sizes.map((s) => s.talla),
  );

  const add = async () => {
    const value = normalizeSize(size);
    if (!value) return;
    if (duplicate) {
      notify('resources.products.notify.size_duplicate', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await create('product_sizes', { data: { product_id: productId, talla: value } }, { returnPromise: true });
      setSize('');
      await refetch();
    } catch {
      notify('resources.products.notify.size_add_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (size: ProductSize) => {
    try {
      await deleteOne('product_sizes', { id: size.id, previousData: size }, { returnPromise: true });
      await refetch();
    } catch {
      notify('resources.products.notify.size_delete_error', { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('resources.products.form.size')}
          value={size}
          onChange={(e) => setSize(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          error={duplicate}
          helperText={duplicate ? t('resources.products.notify.size_duplicate') : ' '}
        />
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <AddIcon />}
          disabled={!normalizeSize(size) || busy}
          onClick={() => void add()}
        >
          {t('resources.products.form.add_size')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress size={24} />
      ) : sizes.length === 0 ? (
        <Typography color="text.secondary">{t('resources.products.form.no_sizes')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="sizes-list">
          {sizes.map((s) => (
            <Box
              key={s.id}
              sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.5 }}
            >
              <Typography variant="body2" sx={s.sold_at ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}>
                {s.talla}
              </Typography>
              {s.sold_at && (
                <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                  {t('resources.products.form.size_sold')}
                </Typography>
              )}
              {/* a sold size stays: a paid order holds it (the database refuses deleting it) */}
              {s.sold_at ? (
                <Box sx={{ width: 8 }} />
              ) : (
                <IconButton
                  size="small"
                  aria-label={t('resources.products.form.delete_size', { talla: s.talla })}
                  onClick={() => void remove(s)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
