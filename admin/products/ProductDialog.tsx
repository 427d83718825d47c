/**
 * 'Nuevo Producto' / 'Editar Producto': tabs 'Información Básica', 'Tallas', 'Galería'; 'Cancelar'
 * and 'Crear' / 'Actualizar'. Saving goes through save_product (one transaction). After 'Crear' the
 * dialog stays open on the saved product so sizes and gallery can be added.
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formPrice } from '../../src/lib/admin-products.ts';
import { slugifyPermalink } from '../../src/lib/permalink.ts';
import { smartPrice } from '../../src/lib/pricing.ts';
import { isImageUrl } from '../../src/lib/upload-names.ts';
import { removeStoredImage, saveProduct, uniquePermalink } from './api.ts';
import { BasicInfoTab, type FormErrors } from './BasicInfoTab.tsx';
import { GalleryTab } from './GalleryTab.tsx';
import { useFormLookups } from './hooks/useLookups.ts';
import { SizesTab } from './SizesTab.tsx';
import type { AdminProduct, ProductFormValues } from './types.ts';

const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : Number(n).toFixed(2));

function initialValues(p: AdminProduct | null, campaignId: string | null): ProductFormValues {
  return {
    campaign_id: p?.campaign_id ?? campaignId ?? '',
    brand_id: p?.brand_id ?? '',
    category_id: p?.category_id ?? '',
    subcategory_id: p?.subcategory_id ?? '',
    nombre: p?.nombre ?? '',
    imagen_principal: p?.imagen_principal ?? '',
    precio_original: p ? money(p.precio_original) : '',
    costo_compra: p ? money(p.costo_compra) : '',
    precio_venta: p ? money(p.precio_venta) : '',
    permalink: p?.permalink ?? '',
    link_externo: p?.link_externo ?? '',
    descripcion: p?.descripcion ?? '',
  };
}

export function validate(v: ProductFormValues, requiredText: string, urlText: string, priceText: string): FormErrors {
  const e: FormErrors = {};
  if (!v.nombre.trim()) e.nombre = requiredText;
  if (!v.campaign_id) e.campaign_id = requiredText;
  for (const f of ['precio_original', 'costo_compra', 'precio_venta'] as const) {
    if (!v[f].trim()) e[f] = requiredText;
    else if (formPrice(v[f]) === null || Number(v[f]) < 0) e[f] = priceText;
  }
  if (!v.permalink.trim()) e.permalink = requiredText;
  if (v.link_externo.trim() && !isImageUrl(v.link_externo)) e.link_externo = urlText;
  if (v.imagen_principal.trim() && !isImageUrl(v.imagen_principal)) e.imagen_principal = urlText;
  return e;
}

export function ProductDialog({ product, defaultCampaignId, onClose }: { product: AdminProduct | null; defaultCampaignId: string | null; onClose: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<AdminProduct | null>(product);
  const [tab, setTab] = useState(0);
  const [values, setValues] = useState<ProductFormValues>(() => initialValues(product, defaultCampaignId));
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [permalinkPending, setPermalinkPending] = useState(false);
  const lookups = useFormLookups(true);
  const isNew = !saved;
  // main-image uploads of this session, removed from storage if never saved
  const uploads = useRef<string[]>([]);

  const brandName = lookups.data?.brands.find((b) => b.id === values.brand_id)?.nombre ?? (values.brand_id ? '' : saved?.marca ?? '');
  const slugBase = slugifyPermalink(brandName, values.nombre);
  const initialSlug = useRef<string | null>(null);

  // The permalink follows brand and name, made unique in SQL (the product itself excluded).
  useEffect(() => {
    if (!lookups.data) return;
    if (initialSlug.current === null) {
      initialSlug.current = slugBase;
      if (saved) return; // an existing product keeps its permalink until brand or name change
    }
    if (saved && slugBase === initialSlug.current) {
      setValues((v) => ({ ...v, permalink: saved.permalink }));
      return;
    }
    if (!slugBase) {
      setValues((v) => ({ ...v, permalink: '' }));
      return;
    }
    let cancelled = false;
    setPermalinkPending(true);
    const id = setTimeout(() => {
      uniquePermalink(slugBase, saved?.id ?? null)
        .then((p) => {
          if (!cancelled) setValues((v) => ({ ...v, permalink: p }));
        })
        .catch(() => {
          if (!cancelled) setValues((v) => ({ ...v, permalink: slugBase }));
        })
        .finally(() => {
          if (!cancelled) setPermalinkPending(false);
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(id);
    };
  }, [slugBase, lookups.data, saved]);

  const onChange = (patch: Partial<ProductFormValues>) => {
    setValues((v) => {
      const next = { ...v, ...patch };
      // spec 5: the sale price auto-fills when it is empty or when creating
      if (('costo_compra' in patch || 'precio_original' in patch) && (isNew || !v.precio_venta.trim()) && next.costo_compra.trim()) {
        next.precio_venta = smartPrice(next.precio_original, next.costo_compra).price.toFixed(2);
      }
      return next;
    });
    setErrors((e) => {
      const copy = { ...e };
      for (const k of Object.keys(patch)) delete copy[k as keyof ProductFormValues];
      return copy;
    });
  };

  const submit = async () => {
    const e = validate(values, t('products.form.required'), t('products.form.invalid_url'), t('products.form.invalid_price'));
    setErrors(e);
    setServerError(null);
    if (Object.keys(e).length > 0) {
      setTab(0);
      return;
    }
    setSaving(true);
    try {
      const payload = {
        ...values,
        precio_original: String(formPrice(values.precio_original)),
        costo_compra: String(formPrice(values.costo_compra)),
        precio_venta: String(formPrice(values.precio_venta)),
        marca: brandName,
      };
      const row = await saveProduct(saved?.id ?? null, payload as ProductFormValues);
      // storage clean-up: uploads not kept, and the replaced main image
      const keep = row.imagen_principal;
      const stale = uploads.current.filter((u) => u !== keep);
      if (saved?.imagen_principal && saved.imagen_principal !== keep) stale.push(saved.imagen_principal);
      uploads.current = [];
      await Promise.all(stale.map((u) => removeStoredImage(u)));
      if (isNew) {
        notify('products.notify.created', { type: 'success' });
        setSaved(row);
        initialSlug.current = slugBase;
        setValues(initialValues(row, null));
      } else {
        notify('products.notify.updated', { type: 'success' });
        onClose();
      }
    } catch (err) {
      setServerError(err instanceof Error ? err.message : null);
      notify('products.notify.save_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    const pending = uploads.current;
    uploads.current = [];
    void Promise.all(pending.map((u) => removeStoredImage(u)));
    onClose();
  };

  return (
    <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && cancel()} maxWidth="md" fullWidth aria-labelledby="product-dialog-title">
      <DialogTitle id="product-dialog-title">{isNew ? t('products.new_product') : t('products.edit_product')}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)}>
          <Tab label={t('products.form.tab_basic')} />
          <Tab label={t('products.form.tab_sizes')} />
          <Tab label={t('products.form.tab_gallery')} />
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 420 }}>
        {serverError && <Alert severity="error" sx={{ mb: 2 }}>{serverError}</Alert>}
        {lookups.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress /></Box>
        ) : tab === 0 ? (
          <BasicInfoTab values={values} errors={errors} onChange={onChange} lookups={lookups.data} permalinkPending={permalinkPending}
            onUploaded={(u) => uploads.current.push(u)} />
        ) : tab === 1 ? (
          <SizesTab productId={saved?.id ?? null} />
        ) : (
          <GalleryTab productId={saved?.id ?? null} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('products.form.cancel')}</Button>
        {tab === 0 && (
          <Button variant="contained" onClick={() => void submit()} disabled={saving || permalinkPending}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : null}>
            {isNew ? t('products.form.create') : t('products.form.update')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
