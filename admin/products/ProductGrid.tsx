/** Grid view: one card per product. */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  DiscountChip,
  FeaturedStar,
  ProductBadges,
  ProductFigures,
  ProductMenu,
  ProductThumb,
  SelectBox,
  SizeBadges,
  type ProductActions,
} from './ProductParts.tsx';
import type { AdminProduct } from '../providers/productTypes.ts';

export function ProductGrid({ products, actions }: { products: AdminProduct[]; actions: ProductActions }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)', xl: 'repeat(5, 1fr)' },
      }}
    >
      {products.map((p) => (
        <Card key={p.id} variant="outlined" data-testid="product-card" sx={{ display: 'flex', flexDirection: 'column' }}>
          <Box sx={{ position: 'relative' }}>
            <ProductThumb product={p} onZoom={actions.onZoom} fill />
            <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
              <DiscountChip product={p} />
            </Box>
            <Box sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,.9)', borderRadius: 5, display: 'flex' }}>
              <SelectBox product={p} actions={actions} />
              <FeaturedStar product={p} onToggle={actions.onToggleFeatured} />
              <ProductMenu product={p} actions={actions} />
            </Box>
          </Box>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
            <Box>
              <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                {p.marca}
              </Typography>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {p.nombre}
              </Typography>
            </Box>
            <ProductBadges product={p} />
            <SizeBadges sizes={p.sizes} />
            <Stack sx={{ mt: 'auto' }}>
              <ProductFigures product={p} />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
