/**
 * Products (spec 2 "Admin products"): title with the selected campaign, 'Mostrando N de M totales',
 * 'Solo productos activos', grid / list / table, search, campaign selector (?campaign={id}), Top 1000
 * lists, paging 50 (200 while searching), scroll-to-top, row actions, featured star, empty state.
 * Everything is read through the admin_products RPC: paging, search and counts stay in SQL.
 */
import AddIcon from '@mui/icons-material/Add';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { Alert, Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useNotify, useStore, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { pagingFooter, type ProductSort, type ProductView } from '../../src/lib/admin-products.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { deleteProduct, setFeatured } from './api.ts';
import { useAdminProducts, useInvalidateProducts, usePatchProduct } from './hooks/useAdminProducts.ts';
import { useCampaign } from './hooks/useLookups.ts';
import { ImageZoom } from './ImageZoom.tsx';
import { ImportCsvDialog } from './ImportCsvDialog.tsx';
import { MarginDialog } from './MarginDialog.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import type { ProductActions } from './ProductParts.tsx';
import { ProductRows } from './ProductRows.tsx';
import { ProductTable } from './ProductTable.tsx';
import { ProductToolbar } from './ProductToolbar.tsx';
import { ScrollTopButton } from './ScrollTopButton.tsx';
import type { AdminProduct } from './types.ts';

export default function ProductList() {
  const t = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign') || null;
  const [search, setSearch] = useState('');
  const [onlyActive, setOnlyActive] = useStore<boolean>('products.onlyActive', false);
  const [view, setView] = useStore<ProductView>('products.view', 'grid');
  const [sort, setSort] = useState<ProductSort>('recent');

  const query = useMemo(() => ({ search: search.trim(), campaignId, onlyActive, sort }), [search, campaignId, onlyActive, sort]);
  const list = useAdminProducts(query);
  const campaign = useCampaign(campaignId);
  const invalidate = useInvalidateProducts();
  const patch = usePatchProduct();

  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [margin, setMargin] = useState<AdminProduct | null>(null);
  const [zoom, setZoom] = useState<AdminProduct | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const setCampaign = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set('campaign', id);
      else next.delete('campaign');
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  const toggleFeatured = async (p: AdminProduct) => {
    const destacado = !p.destacado;
    patch(p.id, { destacado });
    try {
      await setFeatured(p.id, destacado);
      notify(destacado ? 'products.notify.featured_added' : 'products.notify.featured_removed', { type: 'success' });
    } catch {
      patch(p.id, { destacado: p.destacado });
      notify('products.notify.featured_error', { type: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteProduct(deleting);
      notify('products.notify.deleted', { type: 'success' });
      setDeleting(null);
      await invalidate();
    } catch {
      notify('products.notify.delete_error', { type: 'error' });
    } finally {
      setDeletePending(false);
    }
  };

  const actions: ProductActions = {
    onZoom: setZoom,
    onMargin: setMargin,
    onEdit: setEditing,
    onDelete: setDeleting,
    onToggleFeatured: (p) => void toggleFeatured(p),
  };

  const campaignName = campaignId ? campaign.data?.nombre : null;
  const shown = list.products.length;
  const footer = pagingFooter(shown, list.total);
  const noProductsAtAll = !list.isLoading && !list.isError && list.totalAll === 0;

  return (
    <Box sx={{ py: 2, pb: 10, minWidth: 0, maxWidth: '100%', width: '100%' }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('products.title')}
          {campaignName && <Typography component="span" variant="h5" color="primary" sx={{ ml: 1 }}>· {campaignName}</Typography>}
        </Typography>
        {!list.isLoading && (
          <Typography color="text.secondary" data-testid="products-subtitle">
            {campaignName
              ? t('products.subtitle_campaign', { shown: list.total, total: list.totalAll, campaign: campaignName })
              : t('products.subtitle', { shown: list.total, total: list.totalAll })}
          </Typography>
        )}
      </Box>

      {noProductsAtAll ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Inventory2Icon sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6" sx={{ mt: 1 }}>{t('products.empty')}</Typography>
          <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing('new')}>
            {t('products.create_first')}
          </Button>
        </Paper>
      ) : (
        <>
          <ProductToolbar
            search={search}
            onSearch={setSearch}
            campaignId={campaignId}
            onCampaign={setCampaign}
            onlyActive={onlyActive}
            onOnlyActive={setOnlyActive}
            sort={sort}
            onSort={setSort}
            view={view}
            onView={setView}
            onCreate={() => setEditing('new')}
            onImport={() => setImportOpen(true)}
          />

          {sort !== 'recent' && (
            <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => setSort('recent')}>{t('products.back_to_all')}</Button>}>
              {t(sort === 'top_discount' ? 'products.top_discount_title' : 'products.top_profit_title')}
            </Alert>
          )}

          {query.search && !list.isLoading && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="search-line"
              action={<Link component="button" onClick={() => setSearch('')} sx={{ whiteSpace: 'nowrap' }}>{t('products.clear_filter')}</Link>}>
              <Typography variant="body2">{t('products.search_results', { smart_count: list.total, term: query.search })}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {list.permalinkMatch
                  ? t('products.permalink_found', { permalink: list.permalinkMatch.permalink })
                  : t('products.permalink_not_found', { term: query.search.toLowerCase() })}
              </Typography>
            </Alert>
          )}

          {list.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}><CircularProgress /></Box>
          ) : list.isError ? (
            <Alert severity="error" action={<Button color="inherit" onClick={list.refetch}>Reintentar</Button>}>{t('products.notify.load_error')}</Alert>
          ) : shown === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
              <Typography color="text.secondary">{t('products.empty_filtered')}</Typography>
            </Paper>
          ) : (
            <Box sx={{ opacity: list.isFetching && !list.loadingMore ? 0.6 : 1, transition: 'opacity .2s' }}>
              {view === 'table' ? (
                <ProductTable products={list.products} actions={actions} />
              ) : view === 'list' ? (
                <ProductRows products={list.products} actions={actions} />
              ) : (
                <ProductGrid products={list.products} actions={actions} />
              )}
            </Box>
          )}

          {!list.isLoading && shown > 0 && (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 3 }} data-testid="products-footer">
              <Typography color="text.secondary">
                {footer.hasMore
                  ? t('products.showing', { shown, total: list.total })
                  : t('products.all_loaded', { shown, total: list.total })}
              </Typography>
              {footer.hasMore && list.hasMore && (
                <Button variant="outlined" onClick={list.loadMore} disabled={list.loadingMore}
                  startIcon={list.loadingMore ? <CircularProgress size={16} /> : null}>
                  {t('products.load_more')}
                </Button>
              )}
            </Box>
          )}
        </>
      )}

      <ScrollTopButton />
      <ImageZoom product={zoom} onClose={() => setZoom(null)} />
      <ImportCsvDialog open={importOpen} onClose={() => setImportOpen(false)} />
      {margin && (
        <MarginDialog
          product={margin}
          onClose={() => setMargin(null)}
          onUpdated={(precio_venta) => {
            setMargin(null);
            void invalidate();
            patch(margin.id, { precio_venta });
          }}
        />
      )}
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          defaultCampaignId={campaignId}
          onClose={() => {
            setEditing(null);
            void invalidate();
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('products.delete_title')}
        content={deleting ? t('products.delete_confirm', { nombre: deleting.nombre }) : ''}
        confirmLabel={t('products.menu.delete')}
        pending={deletePending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
