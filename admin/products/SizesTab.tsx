/** 'Tallas': add (trimmed; 'Esta talla ya existe' for a case-insensitive duplicate) and delete sizes. */
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, CircularProgress, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { normalizeSize, sizeError } from '../../src/lib/admin-products.ts';
import { addSize, deleteSize, fetchSizes } from './api.ts';

export function SizesTab({ productId }: { productId: string | null }) {
  const t = useTranslate();
  if (!productId) return <Alert severity="info" sx={{ mt: 2 }}>{t('products.form.save_first_sizes')}</Alert>;
  return <SizesEditor productId={productId} />;
}

function SizesEditor({ productId }: { productId: string }) {
  const t = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const key = ['admin-product-sizes', productId];
  const { data: sizes = [], isPending } = useQuery({ queryKey: key, queryFn: () => fetchSizes(productId) });
  const [talla, setTalla] = useState('');
  const [busy, setBusy] = useState(false);
  const duplicate = sizeError(talla, sizes.map((s) => s.talla));

  const add = async () => {
    const value = normalizeSize(talla);
    if (!value) return;
    if (duplicate) {
      notify('products.notify.size_duplicate', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await addSize(productId, value);
      setTalla('');
      await client.invalidateQueries({ queryKey: key });
    } catch {
      notify('products.notify.size_add_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteSize(id);
      await client.invalidateQueries({ queryKey: key });
    } catch {
      notify('products.notify.size_delete_error', { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label={t('products.form.size')} value={talla} onChange={(e) => setTalla(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          error={!!duplicate} helperText={duplicate ?? ' '} />
        <Button variant="contained" startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <AddIcon />}
          disabled={!normalizeSize(talla) || busy} onClick={() => void add()}>
          {t('products.form.add_size')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress size={24} />
      ) : sizes.length === 0 ? (
        <Typography color="text.secondary">{t('products.form.no_sizes')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="sizes-list">
          {sizes.map((s) => (
            <Box key={s.id} sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.5 }}>
              <Typography variant="body2">{s.talla}</Typography>
              <IconButton size="small" aria-label={t('products.form.delete_size', { talla: s.talla })} onClick={() => void remove(s.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
