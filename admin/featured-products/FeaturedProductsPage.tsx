/** 'Productos Destacados' (spec 2): the total of active featured products and their grid; empty message with a link to /admin/products. */
import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link, Title, useNotify, useTranslate } from 'react-admin';
import { FeaturedProductCard } from './FeaturedProductCard.tsx';
import { useFeaturedProducts } from './useFeaturedProducts.ts';

export function FeaturedProductsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, isError } = useFeaturedProducts();
  useEffect(() => {
    if (isError) notify('app.featured.load_error', { type: 'error' });
  }, [isError, notify]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.featured.title')} />
      <Typography variant="h5" component="h1">
        {translate('app.featured.title')}
      </Typography>
      {data && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="featured-total">
          {translate('app.featured.total', { smart_count: data.total })}
        </Typography>
      )}
      {isPending && <CircularProgress size={24} sx={{ mt: 2 }} />}
      {data && data.products.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.featured.empty')} <Link to="/products">{translate('app.featured.go_to_products')}</Link>
        </Alert>
      )}
      {data && data.products.length > 0 && (
        <Grid container spacing={2}>
          {data.products.map((p) => (
            <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <FeaturedProductCard product={p} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
