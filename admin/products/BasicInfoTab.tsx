/**
 * 'Información Básica': campaign ('Activa' / 'Vencida'), brand, category, subcategory (cleared when
 * the category changes), name, main image (upload or URL), prices (2 decimals) with the suggested and
 * smart prices, read-only permalink regenerated from brand and name, external link, description.
 */
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Chip, CircularProgress, InputAdornment, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { SelectInput, TextInput, required, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isCampaignActive } from '@/lib/campaign.ts';
import { formatPrice } from '@/lib/money.ts';
import { smartPrice, suggestedSalePrice } from '@/lib/pricing.ts';
import { imageFileError, isImageUrl } from '../common/upload-names.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { FormLookups } from './hooks/useLookups.ts';
import { formPrice } from './rules.ts';
import type { AdminProduct, CampaignOption, ProductFormValues } from '../providers/productTypes.ts';

type PriceField = 'precio_original' | 'costo_compra' | 'precio_venta';

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** Spaces alone do not fill a required text. */
const notBlank = (value: unknown) => (text(value).trim() ? undefined : 'ra.validation.required');
/** An optional URL must be an http(s) URL. */
const optionalUrl = (value: unknown) => (text(value).trim() && !isImageUrl(text(value)) ? 'app.products.form.invalid_url' : undefined);
/** A price is a number of 0 or more. */
const validPrice = (value: unknown) => {
  const v = text(value);
  return v.trim() && (formPrice(v) === null || Number(v) < 0) ? 'app.products.form.invalid_price' : undefined;
};

export interface BasicInfoTabProps {
  product: AdminProduct | null;
  lookups: FormLookups | undefined;
  onPermalinkPending: (pending: boolean) => void;
  onUploaded: (url: string) => void;
}

function CampaignChoice() {
  const t = useTranslate();
  const campaign = useRecordContext<CampaignOption>();
  if (!campaign) return null;
  const active = isCampaignActive(campaign.fecha_fin);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 1 }}>
      <span>{campaign.nombre}</span>
      <Chip size="small" color={active ? 'success' : 'default'} label={t(active ? 'app.products.active' : 'app.products.expired_f')} />
    </Box>
  );
}

/** The permalink follows brand and name: the database makes it and keeps it unique (the product itself excluded). */
function usePermalink(product: AdminProduct | null, lookups: FormLookups | undefined, onPending: (pending: boolean) => void) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { setValue } = useFormContext<ProductFormValues>();
  const [brandId, nombre] = useWatch<ProductFormValues, ['brand_id', 'nombre']>({ name: ['brand_id', 'nombre'] });
  const brandName = lookups?.brands.find((b) => b.id === brandId)?.nombre ?? (brandId ? '' : (product?.marca ?? ''));
  // what the permalink is made of; the slug rule itself is the database's (unique_permalink)
  const source = [brandName, text(nombre)].map((part) => part.trim()).join('\n');
  const initialSource = useRef<string | null>(null);
  const [pending, setPending] = useState(false);
  const ready = lookups !== undefined;

  useEffect(() => onPending(pending), [pending, onPending]);
  useEffect(() => {
    const set = (permalink: string) => setValue('permalink', permalink, { shouldValidate: !!permalink });
    if (!ready) return;
    if (initialSource.current === null) {
      initialSource.current = source;
      if (product) return; // an existing product keeps its permalink until brand or name change
    }
    if (product && source === initialSource.current) {
      set(product.permalink);
      return;
    }
    if (source.trim() === '') {
      set('');
      return;
    }
    let cancelled = false;
    setPending(true);
    const id = setTimeout(() => {
      dataProvider
        .uniquePermalink(brandName, text(nombre), product?.id ?? null)
        .then((permalink) => {
          if (!cancelled) set(permalink);
        })
        .catch(() => undefined) // the field keeps what it had; saving checks it again
        .finally(() => {
          if (!cancelled) setPending(false);
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(id);
      setPending(false);
    };
  }, [source, brandName, nombre, ready, product, dataProvider, setValue]);
  return pending;
}

function MainImage({ onUploaded }: { onUploaded: (url: string) => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { setValue } = useFormContext<ProductFormValues>();
  const url = text(useWatch<ProductFormValues, 'imagen_principal'>({ name: 'imagen_principal' }));
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

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
      const uploaded = await dataProvider.uploadProductImage(file);
      onUploaded(uploaded);
      setValue('imagen_principal', uploaded, { shouldDirty: true, shouldValidate: true });
    } catch {
      notify('app.products.notify.image_load_error', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: 96,
          height: 96,
          borderRadius: 1,
          bgcolor: 'grey.100',
          overflow: 'hidden',
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('app.products.form.main_image')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('app.products.no_image')}
          </Typography>
        )}
      </Box>
      <Stack spacing={1} sx={{ flexGrow: 1 }}>
        <TextInput
          source="imagen_principal"
          label="app.products.form.main_image_url"
          validate={optionalUrl}
          parse={text}
          helperText={false}
          fullWidth
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={uploading ? <CircularProgress size={14} /> : <CloudUploadIcon />}
            disabled={uploading}
            onClick={() => fileRef.current?.click()}
          >
            {t('app.products.form.upload_image')}
          </Button>
          {url && (
            <Button
              size="small"
              color="inherit"
              onClick={() => setValue('imagen_principal', '', { shouldDirty: true, shouldValidate: true })}
            >
              {t('app.products.form.remove_image')}
            </Button>
          )}
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="main-image-input"
            onChange={(e) => void onFile(e)}
          />
        </Box>
      </Stack>
    </Box>
  );
}

/** Suggested and smart price chips; a click sets the sale price. */
function PriceSuggestions() {
  const t = useTranslate();
  const { setValue } = useFormContext<ProductFormValues>();
  const [original, cost] = useWatch<ProductFormValues, ['precio_original', 'costo_compra']>({ name: ['precio_original', 'costo_compra'] });
  if (text(cost).trim() === '') return null;
  const suggested = suggestedSalePrice(text(cost));
  const smart = smartPrice(text(original), text(cost));
  const setSale = (price: number) => setValue('precio_venta', price.toFixed(2), { shouldDirty: true, shouldValidate: true });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: -1 }}>
      <Chip
        variant="outlined"
        label={t('app.products.form.suggested', { price: formatPrice(suggested) })}
        onClick={() => setSale(suggested)}
      />
      <Chip
        variant="outlined"
        color="secondary"
        label={t(smart.strategy === 'discount40' ? 'app.products.form.smart_discount' : 'app.products.form.smart_margin', {
          price: formatPrice(smart.price),
        })}
        onClick={() => setSale(smart.price)}
      />
    </Box>
  );
}

export function BasicInfoTab({ product, lookups, onPermalinkPending, onUploaded }: BasicInfoTabProps) {
  const { getValues, setValue } = useFormContext<ProductFormValues>();
  const categoryId = useWatch<ProductFormValues, 'category_id'>({ name: 'category_id' });
  const permalinkPending = usePermalink(product, lookups, onPermalinkPending);
  const subcategories = (lookups?.subcategories ?? []).filter((s) => !categoryId || s.category_id === categoryId);

  // The sale price fills itself in when creating, or when it is empty, once there is a cost.
  const fillSalePrice = (previousSale: string) => {
    const { precio_original, costo_compra } = getValues();
    if ((!product || !previousSale.trim()) && text(costo_compra).trim()) {
      setValue('precio_venta', smartPrice(text(precio_original), text(costo_compra)).price.toFixed(2), { shouldValidate: true });
    }
  };

  const price = (field: PriceField) => (
    <TextInput
      source={field}
      label={`app.products.form.${field}`}
      type="number"
      validate={[required(), validPrice]}
      parse={text}
      onChange={() => {
        if (field !== 'precio_venta') fillSalePrice(text(getValues('precio_venta')));
      }}
      onBlur={() => {
        const value = text(getValues(field));
        const n = Number(value);
        if (value.trim() !== '' && Number.isFinite(n)) setValue(field, n.toFixed(2), { shouldValidate: true });
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { min: 0, step: '0.01' },
      }}
      fullWidth
    />
  );

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <SelectInput
          source="campaign_id"
          label="app.products.form.campaign"
          choices={lookups?.campaigns ?? []}
          optionText={<CampaignChoice />}
          validate={required()}
          parse={text}
        />
        <SelectInput
          source="brand_id"
          label="app.products.form.brand"
          choices={lookups?.brands ?? []}
          optionText="nombre"
          emptyText="app.products.form.no_brand"
          parse={text}
        />
        <SelectInput
          source="category_id"
          label="app.products.form.category"
          choices={lookups?.categories ?? []}
          optionText="nombre"
          emptyText="app.products.form.none"
          parse={text}
          helperText={false}
          onChange={() => setValue('subcategory_id', '')}
        />
        <SelectInput
          source="subcategory_id"
          label="app.products.form.subcategory"
          choices={subcategories}
          optionText="nombre"
          emptyText="app.products.form.none"
          parse={text}
          helperText={false}
          disabled={!categoryId}
        />
      </Box>

      <TextInput source="nombre" label="app.products.form.nombre" validate={[required(), notBlank]} parse={text} fullWidth />

      <MainImage onUploaded={onUploaded} />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        {price('precio_original')}
        {price('costo_compra')}
        {price('precio_venta')}
      </Box>
      <PriceSuggestions />

      <TextInput
        source="permalink"
        label="app.products.form.permalink"
        validate={required()}
        parse={text}
        helperText="app.products.form.permalink_help"
        slotProps={{ input: { readOnly: true, endAdornment: permalinkPending ? <CircularProgress size={16} /> : null } }}
        fullWidth
      />
      <TextInput source="link_externo" label="app.products.form.link_externo" validate={optionalUrl} parse={text} type="url" fullWidth />
      <TextInput
        source="descripcion"
        label="app.products.form.descripcion"
        parse={text}
        multiline
        minRows={3}
        helperText={false}
        fullWidth
      />
    </Stack>
  );
}
