/**
 * A featured product: its place in the home carousel, image, brand, name, campaign, sale and
 * original price with percent off, and what can be done right here: type a new sale price (saved
 * on Enter or on leaving the field; 'No se pudo actualizar el precio' if it fails), remove it from
 * the featured, move it up, down or to the front.
 */
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import KeyboardDoubleArrowUpIcon from '@mui/icons-material/KeyboardDoubleArrowUp';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  IconButton,
  InputAdornment,
  Link,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { discountPercentage } from '@/lib/discount.ts';
import { formatPrice } from '@/lib/money.ts';
import { parseSalePrice } from './featuredRules.ts';
import type { FeaturedProduct } from './useFeaturedProducts.ts';

interface Props {
  product: FeaturedProduct;
  /** 0-based place in the order. */
  index: number;
  count: number;
  onHome: boolean;
  onMove: (to: number) => void;
  moving: boolean;
}

export function FeaturedProductCard({ product, index, count, onHome, onMove, moving }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  // The list is its own query ('featured_products'): asked again after each change.
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const saved = Number(product.precio_venta).toFixed(2);
  const [draft, setDraft] = useState(saved);
  const [invalid, setInvalid] = useState(false);
  // True from the admin's first keystroke until that price is saved or refused: while it holds, a
  // list that arrives from the server does not overwrite what they are typing.
  const editing = useRef(false);
  // True while a price is being saved: Enter saves, and the field then blurs (it is disabled while saving), which
  // must not send the same price a second time.
  const saving = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(saved);
  }, [saved]);
  const off = discountPercentage(Number(product.precio_original), Number(product.precio_venta));

  const savePrice = () => {
    if (!editing.current || saving.current) return;
    const price = parseSalePrice(draft);
    if (price === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (price.toFixed(2) === saved) {
      editing.current = false;
      setDraft(saved);
      return;
    }
    saving.current = true;
    update(
      'products',
      { id: product.id, data: { precio_venta: price }, previousData: product },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          saving.current = false;
          editing.current = false;
          setDraft(price.toFixed(2));
          notify('app.products.notify.price_updated', { type: 'success' });
          refresh();
        },
        onError: () => {
          saving.current = false;
          editing.current = false;
          setDraft(saved);
          notify('app.featured.price_error', { type: 'error' });
        },
      },
    );
  };

  const remove = () =>
    update(
      'products',
      { id: product.id, data: { destacado: false }, previousData: product },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.products.notify.featured_removed', { type: 'success' });
          refresh();
        },
        onError: () => notify('app.products.notify.featured_error', { type: 'error' }),
      },
    );

  const move = (label: string, to: number, icon: ReactNode, disabled: boolean) => (
    <Tooltip title={translate(label, { name: product.nombre })}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(label, { name: product.nombre })}
          disabled={disabled || moving}
          onClick={() => onMove(to)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: onHome ? 1 : 0.75 }}
      data-testid="featured-card"
      aria-label={product.nombre}
    >
      <Box sx={{ position: 'relative' }}>
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
        <Chip
          size="small"
          label={translate('app.featured.position', { n: index + 1 })}
          sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper' }}
        />
        {!onHome && (
          <Chip
            size="small"
            color="warning"
            label={translate('app.featured.not_on_home')}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          />
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" color="text.secondary">
          {product.marca}
        </Typography>
        <Typography fontWeight={600} gutterBottom>
          <Link href={`/producto/${product.permalink}`} target="_blank" rel="noopener" underline="hover" color="inherit">
            {product.nombre}
          </Link>
        </Typography>
        <Chip size="small" label={product.campaigns.nombre} sx={{ mb: 1.5 }} />
        <TextField
          size="small"
          fullWidth
          label={translate('app.featured.sale_price')}
          value={draft}
          onChange={(e) => {
            editing.current = true;
            setDraft(e.target.value);
            setInvalid(false);
          }}
          onBlur={savePrice}
          onKeyDown={(e) => {
            if (e.key === 'Enter') savePrice();
            if (e.key === 'Escape') {
              editing.current = false;
              setDraft(saved);
            }
          }}
          disabled={isPending}
          error={invalid}
          helperText={invalid ? translate('app.featured.invalid_price') : undefined}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal', 'aria-label': translate('app.featured.save_price', { name: product.nombre }) },
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mt: 1 }}>
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
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box>
          {move('app.featured.move_first', 0, <KeyboardDoubleArrowUpIcon />, index === 0)}
          {move('app.featured.move_up', index - 1, <KeyboardArrowUpIcon />, index === 0)}
          {move('app.featured.move_down', index + 1, <KeyboardArrowDownIcon />, index === count - 1)}
        </Box>
        <Button size="small" color="error" startIcon={<StarOutlineIcon />} onClick={remove} disabled={isPending}>
          {translate('app.featured.remove')}
        </Button>
      </CardActions>
    </Card>
  );
}
