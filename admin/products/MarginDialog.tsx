/**
 * 'Análisis de Margen': product info, current prices and margin (sale - cost) / cost, the suggested
 * price comparison, a collapsible simulator (price from the cost upward in steps of 50, target-margin
 * slider 0-100 step 1 default 30), recommendations and 'Actualizar Precio a $X' (disabled below cost).
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import {
  analyzeMargin,
  canApplyPrice,
  clampSimulated,
  priceForMargin,
  simulatorRange,
  TARGET_MARGIN_DEFAULT,
  TARGET_MARGIN_MAX,
  TARGET_MARGIN_MIN,
  TARGET_MARGIN_STEP,
} from './margin-simulator.ts';
import { formatPrice } from '@/lib/money.ts';
import { marginQuality, profitAmount, profitMargin } from '@/lib/pricing.ts';
import { formatMargin } from './ProductParts.tsx';
import type { AdminProduct } from '../providers/productTypes.ts';

const qualityColor = { Excelente: 'success', Bueno: 'info', Regular: 'warning', Bajo: 'error' } as const;

export function MarginDialog({ product, onClose, onUpdated }: { product: AdminProduct; onClose: () => void; onUpdated: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<AdminProduct>();
  const cost = Number(product.costo_compra) || 0;
  const sale = Number(product.precio_venta) || 0;
  const analysis = analyzeMargin(sale, cost);
  const range = simulatorRange(cost, product.precio_original, sale);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<number>(TARGET_MARGIN_DEFAULT);
  const [simulated, setSimulated] = useState<number>(Math.max(sale, cost));
  const [saving, setSaving] = useState(false);
  const simMargin = profitMargin(simulated, cost);
  const applyEnabled = canApplyPrice(simulated, cost, sale);

  const apply = async () => {
    setSaving(true);
    try {
      await update('products', { id: product.id, data: { precio_venta: simulated }, previousData: product }, { returnPromise: true });
      notify('app.products.notify.price_updated', { type: 'success' });
      onUpdated();
    } catch {
      notify('app.products.notify.price_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const figure = (label: string, value: string, color?: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ color }}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="margin-dialog-title">
      <DialogTitle id="margin-dialog-title">{t('app.products.margin_dialog.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          {product.imagen_principal && (
            <Box
              component="img"
              src={product.imagen_principal}
              alt=""
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {product.nombre}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {product.marca}
              {product.campaign ? ` · ${product.campaign.nombre}` : ''}
            </Typography>
          </Box>
        </Box>

        <Typography variant="overline">{t('app.products.margin_dialog.current_prices')}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mb: 2 }}>
          {figure(t('app.products.original'), formatPrice(product.precio_original))}
          {figure(t('app.products.cost'), formatPrice(cost))}
          {figure(t('app.products.sale'), formatPrice(sale), 'primary.main')}
          {figure(t('app.products.profit'), formatPrice(profitAmount(sale, cost)), sale < cost ? 'error.main' : 'success.main')}
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('app.products.margin_dialog.current_margin')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography variant="h6" data-testid="current-margin">
                {formatMargin(analysis.margin)}
              </Typography>
              <Chip size="small" color={qualityColor[analysis.quality]} label={analysis.quality} />
            </Box>
          </Box>
        </Box>

        <Divider sx={{ mb: 2 }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1, mb: 2 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('app.products.margin_dialog.suggested')}
            </Typography>
            <Typography variant="h6">{formatPrice(analysis.suggested)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('app.products.margin_dialog.suggested_help')}
            </Typography>
          </Box>
          {figure(
            t('app.products.margin_dialog.difference'),
            analysis.difference === null ? '—' : formatPrice(analysis.difference),
            analysis.significant ? 'warning.main' : undefined,
          )}
        </Box>

        <Typography variant="overline">{t('app.products.margin_dialog.recommendations')}</Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {analysis.recommendations.map((r) => (
            <Alert key={r.text} severity={r.severity}>
              {r.text}
            </Alert>
          ))}
        </Stack>

        <Button onClick={() => setOpen((o) => !o)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open}>
          {t('app.products.margin_dialog.simulator')}
        </Button>
        <Collapse in={open}>
          <Box sx={{ pt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              type="number"
              size="small"
              label={t('app.products.margin_dialog.simulated_price')}
              value={simulated}
              onChange={(e) => setSimulated(Number(e.target.value))}
              onBlur={() => setSimulated(clampSimulated(simulated, cost))}
              slotProps={{ htmlInput: { min: range.min, step: range.step } }}
              error={simulated < cost}
              helperText={simulated < cost ? t('app.products.margin_dialog.below_cost') : ' '}
            />
            <Slider
              aria-label={t('app.products.margin_dialog.simulated_price')}
              min={range.min}
              max={range.max}
              step={range.step}
              value={Math.min(Math.max(simulated, range.min), range.max)}
              onChange={(_e, v) => setSimulated(v as number)}
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => formatPrice(v)}
            />
            <Box>
              <Typography id="target-margin-label" variant="body2">
                {t('app.products.margin_dialog.target_margin', { pct: target })}
              </Typography>
              <Slider
                aria-labelledby="target-margin-label"
                min={TARGET_MARGIN_MIN}
                max={TARGET_MARGIN_MAX}
                step={TARGET_MARGIN_STEP}
                value={target}
                onChange={(_e, v) => {
                  setTarget(v as number);
                  setSimulated(priceForMargin(cost, v as number));
                }}
                valueLabelDisplay="auto"
              />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
              {figure(t('app.products.margin_dialog.simulated_margin'), formatMargin(simMargin))}
              {figure(t('app.products.margin_dialog.simulated_profit'), formatPrice(profitAmount(simulated, cost)))}
            </Box>
            <Chip
              sx={{ alignSelf: 'flex-start' }}
              size="small"
              color={qualityColor[marginQuality(simMargin)]}
              label={marginQuality(simMargin)}
            />
          </Box>
        </Collapse>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.products.margin_dialog.close')}</Button>
        <Button
          variant="contained"
          disabled={!applyEnabled || saving}
          onClick={() => void apply()}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {t('app.products.margin_dialog.apply', { price: formatPrice(simulated) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
