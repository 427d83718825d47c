/** List view: one row per product with 'Activo' / 'Vencido' and 'Fin: date'. */
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDisplayDate } from '@/lib/dates.ts';
import {
  DiscountChip,
  FeaturedStar,
  isExpired,
  ProductBadges,
  ProductFigures,
  ProductMenu,
  ProductThumb,
  SelectBox,
  SizeBadges,
  type ProductActions,
} from './ProductParts.tsx';
import type { AdminProduct } from '../providers/productTypes.ts';

export function ProductRows({ products, actions }: { products: AdminProduct[]; actions: ProductActions }) {
  const t = useTranslate();
  return (
    <Stack spacing={1}>
      {products.map((p) => {
        const expired = isExpired(p);
        return (
          <Paper
            key={p.id}
            variant="outlined"
            data-testid="product-row"
            sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}
          >
            <SelectBox product={p} actions={actions} />
            <ProductThumb product={p} size={88} onZoom={actions.onZoom} />
            <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
                  {p.marca}
                </Typography>
                <Chip
                  size="small"
                  color={expired ? 'error' : 'success'}
                  label={expired ? t('app.products.expired') : t('app.products.active_m')}
                />
                {p.campaign && (
                  <Typography variant="caption" color="text.secondary">
                    {t('app.products.end_date', { date: formatDisplayDate(p.campaign.fecha_fin) })}
                  </Typography>
                )}
              </Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {p.nombre}
              </Typography>
              <ProductBadges product={p} />
              <SizeBadges sizes={p.sizes} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <DiscountChip product={p} />
              <ProductFigures product={p} dense />
            </Box>
            <Box sx={{ display: 'flex' }}>
              <FeaturedStar product={p} onToggle={actions.onToggleFeatured} />
              <ProductMenu product={p} actions={actions} />
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
