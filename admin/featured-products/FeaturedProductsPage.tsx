/**
 * 'Productos Destacados' (spec 2): the total of active featured products and their grid, in the home
 * carousel's order; empty message with a link to /admin/products. Each card edits its sale price,
 * leaves the featured or moves in the order; the page says how many the home shows (the first 24)
 * and which ones it leaves out, rather than dropping them silently.
 */
import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, Title, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { HOME_FEATURED_MAX } from '@/lib/featured.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { FeaturedProductCard } from './FeaturedProductCard.tsx';
import { moveId } from './featuredRules.ts';
import { type FeaturedProduct, useFeaturedProducts } from './useFeaturedProducts.ts';

export function FeaturedProductsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data, isPending, isError } = useFeaturedProducts();
  // The order as last moved here, shown at once while the database saves it.
  const [order, setOrder] = useState<string[] | null>(null);
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    if (isError) notify('app.featured.load_error', { type: 'error' });
  }, [isError, notify]);

  const byId = new Map((data?.products ?? []).map((p) => [p.id, p]));
  const products: FeaturedProduct[] = order ? order.flatMap((id) => byId.get(id) ?? []) : (data?.products ?? []);

  const move = async (from: number, to: number) => {
    const ids = moveId(
      products.map((p) => p.id),
      from,
      to,
    );
    setOrder(ids);
    setMoving(true);
    try {
      await dataProvider.reorderFeaturedProducts(ids);
      notify('app.featured.order_saved', { type: 'success' });
    } catch {
      notify('app.featured.order_error', { type: 'error' });
    } finally {
      setMoving(false);
      setOrder(null);
      refresh();
    }
  };

  const hidden = Math.max(0, products.length - HOME_FEATURED_MAX);
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
      {products.length > 0 && (
        <>
          <Alert severity={hidden > 0 ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {translate('app.featured.home_limit', { max: HOME_FEATURED_MAX })}
            {hidden > 0 && <> {translate('app.featured.home_limit_over', { smart_count: hidden })}</>}
          </Alert>
          <Grid container spacing={2}>
            {products.map((p, i) => (
              <Grid key={p.id} size={{ xs: 6, md: 4, lg: 3 }}>
                <FeaturedProductCard
                  product={p}
                  index={i}
                  count={products.length}
                  onHome={i < HOME_FEATURED_MAX}
                  moving={moving}
                  onMove={(to) => move(i, to)}
                />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}
