/** A featured product: image, brand, name, campaign, sale and original price with percent off. */
import { Box, Card, CardContent, CardMedia, Chip, Link, Typography } from '@mui/material';
import { discountPercentage } from '@/lib/discount.ts';
import { formatPrice } from '@/lib/money.ts';
import type { FeaturedProduct } from './useFeaturedProducts.ts';

export function FeaturedProductCard({ product }: { product: FeaturedProduct }) {
  const off = discountPercentage(Number(product.precio_original), Number(product.precio_venta));
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="featured-card">
      {product.imagen_principal ? (
        <CardMedia
          component="img"
          image={product.imagen_principal}
          alt={product.nombre}
          sx={{ aspectRatio: '4 / 5', objectFit: 'cover' }}
        />
      ) : (
        <Box sx={{ aspectRatio: '4 / 5', bgcolor: 'grey.200' }} />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" color="text.secondary">
          {product.marca}
        </Typography>
        <Typography fontWeight={600} gutterBottom>
          <Link href={`/producto/${product.permalink}`} target="_blank" rel="noopener" underline="hover" color="inherit">
            {product.nombre}
          </Link>
        </Typography>
        <Chip size="small" label={product.campaigns.nombre} sx={{ mb: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography fontWeight={700}>{formatPrice(product.precio_venta)}</Typography>
          {off > 0 && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                {formatPrice(product.precio_original)}
              </Typography>
              <Chip size="small" color="error" label={`${off}% OFF`} />
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
