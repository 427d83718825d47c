/**
 * 'Información Básica': campaign ('Activa' / 'Vencida'), brand, category, subcategory (cleared when
 * the category changes), name, main image (upload or URL), prices (2 decimals) with the suggested and
 * smart prices, read-only permalink regenerated from brand and name, external link, description.
 */
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Chip, CircularProgress, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { campaignFormLabel } from '../../src/lib/campaign.ts';
import { formatPrice } from '../../src/lib/money.ts';
import { smartPrice, suggestedSalePrice } from '../../src/lib/pricing.ts';
import { imageFileError } from '../../src/lib/upload-names.ts';
import { uploadMainImage } from './api.ts';
import type { CampaignOption, NamedOption, ProductFormValues } from './types.ts';

export type FormErrors = Partial<Record<keyof ProductFormValues, string>>;

export interface BasicInfoTabProps {
  values: ProductFormValues;
  errors: FormErrors;
  onChange: (patch: Partial<ProductFormValues>) => void;
  lookups: { campaigns: CampaignOption[]; brands: NamedOption[]; categories: NamedOption[]; subcategories: NamedOption[] } | undefined;
  permalinkPending: boolean;
  onUploaded: (url: string) => void;
}

export function BasicInfoTab({ values, errors, onChange, lookups, permalinkPending, onUploaded }: BasicInfoTabProps) {
  const t = useTranslate();
  const notify = useNotify();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const subcategories = (lookups?.subcategories ?? []).filter((s) => !values.category_id || s.category_id === values.category_id);
  const suggested = suggestedSalePrice(values.costo_compra);
  const smart = smartPrice(values.precio_original, values.costo_compra);
  const hasCost = values.costo_compra.trim() !== '';

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadMainImage(file);
      onUploaded(url);
      onChange({ imagen_principal: url });
    } catch {
      notify('products.notify.image_load_error', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const price = (field: 'precio_original' | 'costo_compra' | 'precio_venta') => (
    <TextField
      required
      type="number"
      label={t(`products.form.${field}`)}
      value={values[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
      onBlur={() => {
        const n = Number(values[field]);
        if (values[field].trim() !== '' && Number.isFinite(n)) onChange({ [field]: n.toFixed(2) });
      }}
      error={!!errors[field]}
      helperText={errors[field] ?? ' '}
      slotProps={{ htmlInput: { min: 0, step: '0.01' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      fullWidth
    />
  );

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField select required label={t('products.form.campaign')} value={values.campaign_id} onChange={(e) => onChange({ campaign_id: e.target.value })}
          error={!!errors.campaign_id} helperText={errors.campaign_id ?? ' '}>
          {(lookups?.campaigns ?? []).map((c) => {
            const label = campaignFormLabel(c.fecha_fin);
            return (
              <MenuItem key={c.id} value={c.id}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 1 }}>
                  <span>{c.nombre}</span>
                  <Chip size="small" color={label === 'Activa' ? 'success' : 'default'} label={label} />
                </Box>
              </MenuItem>
            );
          })}
        </TextField>
        <TextField select label={t('products.form.brand')} value={values.brand_id} onChange={(e) => onChange({ brand_id: e.target.value })} helperText=" ">
          <MenuItem value="">{t('products.form.no_brand')}</MenuItem>
          {(lookups?.brands ?? []).map((b) => <MenuItem key={b.id} value={b.id}>{b.nombre}</MenuItem>)}
        </TextField>
        <TextField select label={t('products.form.category')} value={values.category_id}
          onChange={(e) => onChange({ category_id: e.target.value, subcategory_id: '' })}>
          <MenuItem value="">{t('products.form.none')}</MenuItem>
          {(lookups?.categories ?? []).map((c) => <MenuItem key={c.id} value={c.id}>{c.nombre}</MenuItem>)}
        </TextField>
        <TextField select label={t('products.form.subcategory')} value={values.subcategory_id} onChange={(e) => onChange({ subcategory_id: e.target.value })}
          disabled={!values.category_id}>
          <MenuItem value="">{t('products.form.none')}</MenuItem>
          {subcategories.map((s) => <MenuItem key={s.id} value={s.id}>{s.nombre}</MenuItem>)}
        </TextField>
      </Box>

      <TextField required label={t('products.form.nombre')} value={values.nombre} onChange={(e) => onChange({ nombre: e.target.value })}
        error={!!errors.nombre} helperText={errors.nombre ?? ' '} fullWidth />

      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: 96, height: 96, borderRadius: 1, bgcolor: 'grey.100', overflow: 'hidden', flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {values.imagen_principal ? (
            <Box component="img" src={values.imagen_principal} alt={t('products.form.main_image')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">{t('products.no_image')}</Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ flexGrow: 1 }}>
          <TextField size="small" label={t('products.form.main_image_url')} value={values.imagen_principal}
            onChange={(e) => onChange({ imagen_principal: e.target.value })} error={!!errors.imagen_principal} helperText={errors.imagen_principal} fullWidth />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" variant="outlined" startIcon={uploading ? <CircularProgress size={14} /> : <CloudUploadIcon />} disabled={uploading}
              onClick={() => fileRef.current?.click()}>
              {t('products.form.upload_image')}
            </Button>
            {values.imagen_principal && (
              <Button size="small" color="inherit" onClick={() => onChange({ imagen_principal: '' })}>{t('products.form.remove_image')}</Button>
            )}
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" hidden data-testid="main-image-input" onChange={(e) => void onFile(e)} />
          </Box>
        </Stack>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        {price('precio_original')}
        {price('costo_compra')}
        {price('precio_venta')}
      </Box>
      {hasCost && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: -1 }}>
          <Chip variant="outlined" label={t('products.form.suggested', { price: formatPrice(suggested) })}
            onClick={() => onChange({ precio_venta: suggested.toFixed(2) })} />
          <Chip variant="outlined" color="secondary"
            label={t(smart.strategy === 'discount40' ? 'products.form.smart_discount' : 'products.form.smart_margin', { price: formatPrice(smart.price) })}
            onClick={() => onChange({ precio_venta: smart.price.toFixed(2) })} />
        </Box>
      )}

      <TextField
        required
        label={t('products.form.permalink')}
        value={values.permalink}
        error={!!errors.permalink}
        helperText={errors.permalink ?? t('products.form.permalink_help')}
        slotProps={{ input: { readOnly: true, endAdornment: permalinkPending ? <CircularProgress size={16} /> : null } }}
        fullWidth
      />
      <TextField label={t('products.form.link_externo')} value={values.link_externo} onChange={(e) => onChange({ link_externo: e.target.value })}
        error={!!errors.link_externo} helperText={errors.link_externo ?? ' '} fullWidth type="url" />
      <TextField label={t('products.form.descripcion')} value={values.descripcion} onChange={(e) => onChange({ descripcion: e.target.value })}
        multiline minRows={3} fullWidth />
    </Stack>
  );
}
