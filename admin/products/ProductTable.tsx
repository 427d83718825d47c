/** Table view: Imagen, Producto, Marca, Campaña, Destacado, Precio Original, Costo, Precio Venta, Ganancia, Margen %, Acciones. */
import { Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatPrice } from '@/lib/money.ts';
import {
  DiscountChip,
  FeaturedStar,
  formatMargin,
  isExpired,
  ProductBadges,
  ProductMenu,
  ProductThumb,
  SelectBox,
  SizeBadges,
  type ProductActions,
} from './ProductParts.tsx';
import type { AdminProduct } from '../providers/productTypes.ts';

export const TABLE_COLUMNS = [
  'image',
  'product',
  'brand',
  'campaign',
  'featured',
  'original',
  'cost',
  'sale',
  'profit',
  'margin',
  'actions',
] as const;

export function ProductTable({ products, actions }: { products: AdminProduct[]; actions: ProductActions }) {
  const t = useTranslate();
  const num = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={t('app.products.title')}>
        <TableHead>
          <TableRow>
            {actions.onSelect && (
              <TableCell padding="checkbox">
                {/* the column's name for screen readers; the boxes say which product each chooses */}
                <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Seleccionar
                </Box>
              </TableCell>
            )}
            {TABLE_COLUMNS.map((c) => (
              <TableCell key={c} sx={['original', 'cost', 'sale', 'profit', 'margin'].includes(c) ? num : undefined}>
                {t(`app.products.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} hover data-testid="product-table-row">
              {actions.onSelect && (
                <TableCell padding="checkbox">
                  <SelectBox product={p} actions={actions} />
                </TableCell>
              )}
              <TableCell>
                <ProductThumb product={p} size={56} onZoom={actions.onZoom} />
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.nombre}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                  <DiscountChip product={p} />
                  <ProductBadges product={p} campaign={false} />
                </Box>
                <Box sx={{ mt: 0.5 }}>
                  <SizeBadges sizes={p.sizes} />
                </Box>
              </TableCell>
              <TableCell>{p.marca}</TableCell>
              <TableCell>
                {p.campaign?.nombre}
                {isExpired(p) && <Chip size="small" color="error" label={t('app.products.expired')} sx={{ ml: 0.5 }} />}
              </TableCell>
              <TableCell>
                <FeaturedStar product={p} onToggle={actions.onToggleFeatured} />
              </TableCell>
              <TableCell sx={num}>{formatPrice(p.precio_original)}</TableCell>
              <TableCell sx={num}>{formatPrice(p.costo_compra)}</TableCell>
              <TableCell sx={{ ...num, fontWeight: 600 }}>{formatPrice(p.precio_venta)}</TableCell>
              <TableCell sx={{ ...num, color: p.profit_amount < 0 ? 'error.main' : 'success.main' }}>
                {formatPrice(p.profit_amount)}
              </TableCell>
              <TableCell sx={num}>{formatMargin(p.profit_margin)}</TableCell>
              <TableCell>
                <ProductMenu product={p} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
