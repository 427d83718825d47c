/** Pieces shared by the grid, list and table views: badges, figures, image, star, row menu. */
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Checkbox, Chip, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import LaunchIcon from '@mui/icons-material/Launch';
import InsightsIcon from '@mui/icons-material/Insights';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { sizeBadges } from './rules.ts';
import { isCampaignActive } from '@/lib/campaign.ts';
import { discountBadge } from '@/lib/discount.ts';
import { formatPrice } from '@/lib/money.ts';
import type { AdminProduct } from '../providers/productTypes.ts';

export interface ProductActions {
  onZoom: (p: AdminProduct) => void;
  onMargin: (p: AdminProduct) => void;
  onEdit: (p: AdminProduct) => void;
  onDelete: (p: AdminProduct) => void;
  onToggleFeatured: (p: AdminProduct) => void;
  /** Bulk work (BulkBar): the chosen products; absent for someone who may not change them. */
  selected?: ReadonlySet<string>;
  onSelect?: (p: AdminProduct) => void;
}

/** The product's box for bulk work; nothing when the list offers none. */
export function SelectBox({ product, actions }: { product: AdminProduct; actions: ProductActions }) {
  if (!actions.onSelect) return null;
  return (
    <Checkbox
      size="small"
      checked={actions.selected?.has(product.id) ?? false}
      onChange={() => actions.onSelect?.(product)}
      slotProps={{ input: { 'aria-label': `Seleccionar ${product.nombre}` } }}
    />
  );
}

export const isExpired = (p: AdminProduct) => !isCampaignActive(p.campaign?.fecha_fin ?? null);

export const formatMargin = (m: number | null | undefined) =>
  m === null || m === undefined ? '—' : `${m.toLocaleString('es-MX', { maximumFractionDigits: 1 })}%`;

/** Campaign, 'Vencido', category and subcategory badges. */
export function ProductBadges({ product, campaign = true }: { product: AdminProduct; campaign?: boolean }) {
  const t = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {campaign && product.campaign && <Chip size="small" color="primary" variant="outlined" label={product.campaign.nombre} />}
      {isExpired(product) && <Chip size="small" color="error" label={t('app.products.expired')} />}
      {product.category_nombre && <Chip size="small" label={product.category_nombre} />}
      {product.subcategory_nombre && <Chip size="small" variant="outlined" label={product.subcategory_nombre} />}
    </Stack>
  );
}

/** First 4 sizes plus '+N'. */
export function SizeBadges({ sizes }: { sizes: string[] }) {
  const t = useTranslate();
  const { shown, more } = sizeBadges(sizes);
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('app.products.sizes')}>
      {shown.map((s) => (
        <Chip key={s} size="small" variant="outlined" label={s} sx={{ height: 20, fontSize: 11 }} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} sx={{ height: 20, fontSize: 11 }} />}
    </Stack>
  );
}

export function DiscountChip({ product }: { product: AdminProduct }) {
  const badge = discountBadge(product.precio_original, product.precio_venta);
  return badge ? <Chip size="small" color="error" label={badge} sx={{ fontWeight: 700 }} /> : null;
}

/** Sale, original, cost, profit and margin %. */
export function ProductFigures({ product, dense = false }: { product: AdminProduct; dense?: boolean }) {
  const t = useTranslate();
  const cell = (label: string, value: string, color?: string, strike = false) => (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
        {label}
      </Typography>
      <Typography variant={dense ? 'body2' : 'body1'} sx={{ fontWeight: 600, color, textDecoration: strike ? 'line-through' : undefined }}>
        {value}
      </Typography>
    </Box>
  );
  const profitColor = product.profit_amount < 0 ? 'error.main' : 'success.main';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: dense ? 'repeat(5, auto)' : 'repeat(3, 1fr)', gap: 1 }}>
      {cell(t('app.products.sale'), formatPrice(product.precio_venta), 'primary.main')}
      {cell(
        t('app.products.original'),
        formatPrice(product.precio_original),
        'text.secondary',
        product.precio_original > product.precio_venta,
      )}
      {cell(t('app.products.cost'), formatPrice(product.costo_compra))}
      {cell(t('app.products.profit'), formatPrice(product.profit_amount), profitColor)}
      {cell(t('app.products.margin'), formatMargin(product.profit_margin), profitColor)}
    </Box>
  );
}

/** The main image (placeholder when missing or broken); a click enlarges it. */
export function ProductThumb({
  product,
  size,
  onZoom,
  fill = false,
}: {
  product: AdminProduct;
  size?: number;
  onZoom: (p: AdminProduct) => void;
  fill?: boolean;
}) {
  const t = useTranslate();
  const [broken, setBroken] = useState(false);
  const sx = fill ? { width: '100%', aspectRatio: '1 / 1' } : { width: size, height: size, flexShrink: 0 };
  return (
    <Box
      component="button"
      type="button"
      onClick={() => onZoom(product)}
      aria-label={t('app.products.zoom_open', { nombre: product.nombre })}
      sx={{
        ...sx,
        p: 0,
        border: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        cursor: 'zoom-in',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {product.imagen_principal && !broken ? (
        <Box
          component="img"
          loading="lazy"
          src={product.imagen_principal}
          alt=""
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Tooltip title={t('app.products.no_image')}>
          <BrokenImageIcon color="disabled" />
        </Tooltip>
      )}
    </Box>
  );
}

export function FeaturedStar({ product, onToggle }: { product: AdminProduct; onToggle: (p: AdminProduct) => void }) {
  const t = useTranslate();
  const label = product.destacado ? t('app.products.featured_off') : t('app.products.featured_on');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-pressed={product.destacado} onClick={() => onToggle(product)} size="small">
        {product.destacado ? <StarIcon sx={{ color: '#f5b301' }} /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** 'Ver producto', 'Análisis de margen', 'Abrir link externo' (if any), 'Editar', 'Eliminar'. */
export function ProductMenu({ product, actions }: { product: AdminProduct; actions: ProductActions }) {
  const t = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const run = (fn: () => void) => () => {
    close();
    fn();
  };
  return (
    <>
      <IconButton aria-label={t('app.products.menu.open')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem component="a" href={`/producto/${product.permalink}`} target="_blank" rel="noopener" onClick={close}>
          <ListItemIcon>
            <VisibilityIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('app.products.menu.view')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(() => actions.onMargin(product))}>
          <ListItemIcon>
            <InsightsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('app.products.menu.margin')}</ListItemText>
        </MenuItem>
        {product.link_externo && (
          <MenuItem component="a" href={product.link_externo} target="_blank" rel="noopener noreferrer" onClick={close}>
            <ListItemIcon>
              <LaunchIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('app.products.menu.external')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(() => actions.onEdit(product))}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('app.products.menu.edit')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(() => actions.onDelete(product))} sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{t('app.products.menu.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

export { formatPrice };
