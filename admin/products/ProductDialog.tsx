/**
 * 'Nuevo Producto' / 'Editar Producto': tabs 'Información Básica', 'Tallas', 'Galería'; 'Cancelar'
 * and 'Crear' / 'Actualizar'. A react-admin form over the 'products' resource (save_product, one
 * transaction). After 'Crear' the dialog stays open on the saved product so sizes and gallery can be
 * added; main-image uploads that end up unused are removed from storage.
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { RecordHistory } from '../history/RecordHistory.tsx';
import { useMemo, useRef, useState } from 'react';
import { Form, useCreate, useDataProvider, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { BasicInfoTab } from './BasicInfoTab.tsx';
import { GalleryTab } from './GalleryTab.tsx';
import { useFormLookups } from './hooks/useLookups.ts';
import { formPrice } from './rules.ts';
import { SizesTab } from './SizesTab.tsx';
import { type AdminProduct, PRODUCT_FORM_FIELDS, type ProductFormValues } from '../providers/productTypes.ts';
import { isConflict } from '../common/errors.ts';
import { ConflictNotice, useSaveError } from '../common/useSaveError.tsx';

/** The inline error's value when the save was refused as a conflict. */
const CONFLICT = 'conflict';

const PRICES = new Set<string>(['precio_original', 'costo_compra', 'precio_venta']);

/** The form's values of a product as text, prices with 2 decimals; a new one's are empty but for the campaign shown. */
function initialValues(p: AdminProduct | null, campaignId: string | null): ProductFormValues {
  const value = (field: (typeof PRODUCT_FORM_FIELDS)[number]) => {
    const loaded = p?.[field];
    return loaded === null || loaded === undefined ? '' : PRICES.has(field) ? Number(loaded).toFixed(2) : String(loaded);
  };
  const values = Object.fromEntries(PRODUCT_FORM_FIELDS.map((field) => [field, value(field)])) as ProductFormValues;
  return { ...values, campaign_id: values.campaign_id || (campaignId ?? '') };
}

export interface ProductDialogProps {
  product: AdminProduct | null;
  defaultCampaignId: string | null;
  onClose: () => void;
}

export function ProductDialog({ product, defaultCampaignId, onClose }: ProductDialogProps) {
  const t = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [create] = useCreate<AdminProduct>();
  const [update] = useUpdate<AdminProduct>();
  const saveError = useSaveError();
  const [saved, setSaved] = useState<AdminProduct | null>(product);
  const [initialCampaignId] = useState(defaultCampaignId);
  const record = useMemo(() => initialValues(saved, saved ? null : initialCampaignId), [saved, initialCampaignId]);
  const [tab, setTab] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [permalinkPending, setPermalinkPending] = useState(false);
  const lookups = useFormLookups();
  const isNew = !saved;
  // main-image uploads of this dialog, removed from storage if never saved
  const uploads = useRef<string[]>([]);

  const save = async (values: Record<string, unknown>) => {
    const v = values as Partial<ProductFormValues>;
    setServerError(null);
    setSaving(true);
    try {
      // prices with 2 decimals; marca is the chosen brand's name (kept as it was when no brand is chosen)
      const data = {
        ...v,
        precio_original: formPrice(v.precio_original),
        costo_compra: formPrice(v.costo_compra),
        precio_venta: formPrice(v.precio_venta),
        marca: lookups.data?.brands.find((b) => b.id === v.brand_id)?.nombre ?? (v.brand_id ? '' : (saved?.marca ?? '')),
      } as Partial<AdminProduct>;
      const row = (
        saved
          ? await update('products', { id: saved.id, data, previousData: saved }, { returnPromise: true })
          : await create('products', { data }, { returnPromise: true })
      ) as AdminProduct;
      // storage clean-up: uploads not kept, and the replaced main image
      const keep = row.imagen_principal;
      const stale = uploads.current.filter((u) => u !== keep);
      if (saved?.imagen_principal && saved.imagen_principal !== keep) stale.push(saved.imagen_principal);
      uploads.current = [];
      await Promise.all(stale.map((u) => dataProvider.removeProductImage(u)));
      if (isNew) {
        notify('app.products.notify.created', { type: 'success' });
        setSaved(row);
      } else {
        notify('app.products.notify.updated', { type: 'success' });
        onClose();
      }
    } catch (err) {
      // someone else saved this product since the dialog loaded it: say so, with the reload button
      setServerError(isConflict(err) ? CONFLICT : err instanceof Error ? err.message : null);
      saveError(err, 'app.products.notify.save_error');
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    const pending = uploads.current;
    uploads.current = [];
    void Promise.all(pending.map((u) => dataProvider.removeProductImage(u)));
    onClose();
  };

  return (
    <Dialog
      open
      onClose={(_e, reason) => reason !== 'backdropClick' && cancel()}
      maxWidth="md"
      fullWidth
      aria-labelledby="product-dialog-title"
      // the form wraps title, content and actions: it takes the dialog's column layout so only the content scrolls
      slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } } }}
    >
      <Form key={saved?.id ?? 'new'} record={record} onSubmit={save} disableInvalidFormNotification shouldFocusError={false}>
        <DialogTitle id="product-dialog-title">{isNew ? t('app.products.new_product') : t('app.products.edit_product')}</DialogTitle>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)}>
            <Tab label={t('app.products.form.tab_basic')} />
            <Tab label={t('app.products.form.tab_sizes')} />
            <Tab label={t('app.products.form.tab_gallery')} />
          </Tabs>
        </Box>
        <DialogContent sx={{ minHeight: 420 }}>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError === CONFLICT ? <ConflictNotice /> : serverError}
            </Alert>
          )}
          {lookups.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress />
            </Box>
          ) : tab === 0 ? (
            <BasicInfoTab
              product={saved}
              lookups={lookups.data}
              onPermalinkPending={setPermalinkPending}
              onUploaded={(u) => uploads.current.push(u)}
            />
          ) : tab === 1 ? (
            <SizesTab productId={saved?.id ?? null} />
          ) : (
            <GalleryTab productId={saved?.id ?? null} />
          )}
          <Box sx={{ mt: 2 }}>
            <RecordHistory subjectType="product" subjectId={saved?.id} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{t('app.products.form.cancel')}</Button>
          {tab === 0 && (
            <Button
              type="submit"
              variant="contained"
              disabled={saving || permalinkPending}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : null}
            >
              {isNew ? t('app.products.form.create') : t('app.products.form.update')}
            </Button>
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
