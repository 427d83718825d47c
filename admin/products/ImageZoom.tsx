/** The main image enlarged on click: name, brand, price, original price and percent off. */
import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, Dialog, DialogContent, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { discountBadge } from '@/lib/discount.ts';
import { formatPrice } from '@/lib/money.ts';
import type { AdminProduct } from '../providers/productTypes.ts';

export function ImageZoom({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const t = useTranslate();
  const badge = product ? discountBadge(product.precio_original, product.precio_venta) : null;
  return (
    <Dialog open={!!product} onClose={onClose} maxWidth="md" aria-labelledby="image-zoom-title">
      {product && (
        <DialogContent sx={{ p: 0, position: 'relative' }}>
          <IconButton
            aria-label={t('app.products.zoom_close')}
            onClick={onClose}
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(255,255,255,.85)' }}
          >
            <CloseIcon />
          </IconButton>
          {product.imagen_principal ? (
            <Box
              component="img"
              src={product.imagen_principal}
              alt={product.nombre}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
            />
          ) : (
            <Box sx={{ p: 8, textAlign: 'center', color: 'text.secondary' }}>{t('app.products.no_image')}</Box>
          )}
          <Box sx={{ p: 2 }}>
            <Typography id="image-zoom-title" variant="h6">
              {product.nombre}
            </Typography>
            <Typography color="text.secondary">{product.marca}</Typography>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mt: 1 }}>
              <Typography variant="h6" color="primary">
                {formatPrice(product.precio_venta)}
              </Typography>
              {badge && (
                <>
                  <Typography sx={{ textDecoration: 'line-through' }} color="text.secondary">
                    {formatPrice(product.precio_original)}
                  </Typography>
                  <Chip size="small" color="error" label={badge} />
                </>
              )}
            </Box>
          </Box>
        </DialogContent>
      )}
    </Dialog>
  );
}
