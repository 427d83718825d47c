/** 'Marcas Activas': a new-brand form and a card per active brand (display name, internal name, count, active). */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Grid, Stack, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../common/errors.ts';
import type { BrandRow } from './types.ts';

/** The row a new brand gets: display name trimmed, internal name the same lowercased; null when blank. */
export function newBrand(displayName: string): { name: string; display_name: string } | null {
  const display = displayName.trim();
  return display ? { name: display.toLowerCase(), display_name: display } : null;
}

export function NewBrandForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [create, { isPending }] = useCreate();
  const row = newBrand(name);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!row) return;
    create(
      'brands',
      { data: row },
      {
        onSuccess: () => {
          setName('');
          notify('app.brands.created', { type: 'success' });
        },
        onError: (error) => {
          const detail = errorMessage(error);
          notify(detail ? `${translate('app.brands.create_error')}: ${detail}` : 'app.brands.create_error', { type: 'error' });
        },
      },
    );
  };

  return (
    <Card component="form" onSubmit={submit} sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.brands.new_brand')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
          <TextField
            label={translate('app.brands.display_name')}
            placeholder={translate('app.brands.placeholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            size="small"
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
            disabled={!row || isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {translate('app.brands.create')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function BrandCards({ brands }: { brands: BrandRow[] }) {
  const translate = useTranslate();
  if (brands.length === 0) return <Typography color="text.secondary">{translate('app.brands.empty')}</Typography>;
  return (
    <Grid container spacing={2}>
      {brands.map((b) => (
        <Grid key={b.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <Card variant="outlined" data-testid="brand-card">
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Typography variant="h6" component="h3">
                  {b.display_name}
                </Typography>
                <Chip size="small" color={b.active ? 'success' : 'default'} label={translate(b.active ? 'app.active' : 'app.inactive')} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {translate('app.brands.internal_name', { name: b.name })}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('app.brands.products', { smart_count: Number(b.product_count) })}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
