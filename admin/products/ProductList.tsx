/**
 * Products (spec 2 "Admin products"): title with the selected campaign, 'Mostrando N de M totales',
 * 'Solo productos activos', grid / list / table, search, campaign selector (?campaign={id}), Top 1000
 * lists, paging 50 (200 while searching), scroll-to-top, row actions, featured star, empty state.
 * Owners and editors choose products (or all the filter matches) for bulk work (BulkBar).
 * Everything is read and written through the data provider's 'products' resource (admin_products:
 * paging, search and counts stay in SQL).
 */
import AddIcon from '@mui/icons-material/Add';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { Alert, Box, Button, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useCanAccess, useDelete, useLocation, useNavigate, useNotify, useRefresh, useStore, useTranslate, useUpdate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { BulkBar, type BulkSelection } from './BulkBar.tsx';
import { exportProducts } from './exportProducts.ts';
import { useAdminProducts } from './hooks/useAdminProducts.ts';
import { useCampaign } from './hooks/useLookups.ts';
import { ImageZoom } from './ImageZoom.tsx';
import { ImportCsvDialog } from './import/ImportCsvDialog.tsx';
import { MarginDialog } from './MarginDialog.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import type { ProductActions } from './ProductParts.tsx';
import { ProductRows } from './ProductRows.tsx';
import { ProductTable } from './ProductTable.tsx';
import { ProductToolbar } from './ProductToolbar.tsx';
import { ScrollTopButton } from './ScrollTopButton.tsx';
import type { ProductSort } from '../providers/productList.ts';
import type { ProductView } from './rules.ts';
import type { AdminProduct } from '../providers/productTypes.ts';

export default function ProductList() {
  const t = useTranslate();
  const notify = useNotify();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const campaignId = params.get('campaign') || null;
  const [search, setSearch] = useState('');
  const [onlyActive, setOnlyActive] = useStore<boolean>('products.onlyActive', false);
  const [view, setView] = useStore<ProductView>('products.view', 'grid');
  const [sort, setSort] = useState<ProductSort>('recent');

  const query = useMemo(() => ({ search: search.trim(), campaignId, onlyActive, sort }), [search, campaignId, onlyActive, sort]);
  const list = useAdminProducts(query);
  const campaign = useCampaign(campaignId);
  const refresh = useRefresh();
  const [update] = useUpdate<AdminProduct>();
  const [deleteOne] = useDelete<AdminProduct>();

  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [margin, setMargin] = useState<AdminProduct | null>(null);
  const [zoom, setZoom] = useState<AdminProduct | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  // Bulk work: products chosen one by one, or all the filter matches (only in the plain list, whose
  // total is every match; the Top 1000 lists are a ranking). A new filter starts a new selection.
  const { canAccess: mayEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [selectionQuery, setSelectionQuery] = useState(query);
  if (selectionQuery !== query) {
    // adjusted while rendering, as React advises for state that follows a prop
    setSelectionQuery(query);
    setSelected(new Set());
    setAllMatching(false);
  }
  const toggleSelected = (p: AdminProduct) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(p.id)) next.add(p.id);
      return next;
    });
  };
  const selection: BulkSelection | null = allMatching
    ? { target: { filter: { search: query.search || null, campaign_id: campaignId, only_active: onlyActive } }, count: list.total }
    : selected.size > 0
      ? { target: { ids: [...selected] }, count: selected.size }
      : null;

  const setCampaign = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set('campaign', id);
      else next.delete('campaign');
      navigate({ search: next.toString() }, { replace: true });
    },
    [params, navigate],
  );

  // The star shows the new state at once; the saved row replaces it, a failure puts the old one back.
  const [featuredPending, setFeaturedPending] = useState<Record<string, boolean>>({});
  const toggleFeatured = (p: AdminProduct) => {
    const destacado = !p.destacado;
    setFeaturedPending((pending) => ({ ...pending, [p.id]: destacado }));
    update(
      'products',
      { id: p.id, data: { destacado }, previousData: p },
      {
        onSuccess: () =>
          notify(destacado ? 'app.products.notify.featured_added' : 'app.products.notify.featured_removed', {
            type: 'success',
          }),
        onError: () => notify('app.products.notify.featured_error', { type: 'error' }),
        onSettled: () => setFeaturedPending(({ [p.id]: _settled, ...rest }) => rest),
      },
    );
  };
  const products = useMemo(
    () => list.products.map((p) => (p.id in featuredPending ? { ...p, destacado: featuredPending[p.id]! } : p)),
    [list.products, featuredPending],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteOne('products', { id: deleting.id, previousData: deleting }, { returnPromise: true });
      notify('app.products.notify.deleted', { type: 'success' });
      setDeleting(null);
      refresh();
    } catch {
      notify('app.products.notify.delete_error', { type: 'error' });
    } finally {
      setDeletePending(false);
    }
  };

  const actions: ProductActions = {
    onZoom: setZoom,
    onMargin: setMargin,
    onEdit: setEditing,
    onDelete: setDeleting,
    onToggleFeatured: toggleFeatured,
    ...(mayEdit ? { selected: allMatching ? new Set(products.map((p) => p.id)) : selected, onSelect: toggleSelected } : {}),
  };

  const campaignName = campaignId ? campaign.data?.nombre : null;
  const shown = products.length;
  const moreToLoad = shown < list.total;
  const noProductsAtAll = !list.isLoading && !list.isError && list.totalAll === 0;

  return (
    <Box sx={{ py: 2, pb: 10, minWidth: 0, maxWidth: '100%', width: '100%' }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('app.products.title')}
          {campaignName && (
            <Typography component="span" variant="h5" color="primary" sx={{ ml: 1 }}>
              · {campaignName}
            </Typography>
          )}
        </Typography>
        {!list.isLoading && (
          <Typography color="text.secondary" data-testid="products-subtitle">
            {campaignName
              ? t('app.products.subtitle_campaign', { shown: list.total, total: list.totalAll, campaign: campaignName })
              : t('app.products.subtitle', { shown: list.total, total: list.totalAll })}
          </Typography>
        )}
      </Box>

      {noProductsAtAll ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Inventory2Icon sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6" sx={{ mt: 1 }}>
            {t('app.products.empty')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing('new')}>
            {t('app.products.create_first')}
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
            onExport={() =>
              void exportProducts({ search: query.search || null, campaign_id: campaignId, only_active: onlyActive }).then(
                (n) => notify(`${n.toLocaleString('es-MX')} productos exportados`, { type: 'success' }),
                (e: Error) => notify(e.message, { type: 'error' }),
              )
            }
          />

          {selection && (
            <BulkBar
              selection={selection}
              matching={sort === 'recent' ? list.total : selection.count}
              allMatching={allMatching}
              onAllMatching={() => setAllMatching(true)}
              onClear={() => {
                setSelected(new Set());
                setAllMatching(false);
              }}
              onDone={() => {
                setSelected(new Set());
                setAllMatching(false);
                refresh();
              }}
            />
          )}

          {sort !== 'recent' && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => setSort('recent')}>
                  {t('app.products.back_to_all')}
                </Button>
              }
            >
              {t(sort === 'top_discount' ? 'app.products.top_discount_title' : 'app.products.top_profit_title')}
            </Alert>
          )}

          {query.search && !list.isLoading && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              data-testid="search-line"
              action={
                <Link component="button" onClick={() => setSearch('')} sx={{ whiteSpace: 'nowrap' }}>
                  {t('app.products.clear_filter')}
                </Link>
              }
            >
              <Typography variant="body2">{t('app.products.search_results', { smart_count: list.total, term: query.search })}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {list.permalinkMatch
                  ? t('app.products.permalink_found', { permalink: list.permalinkMatch.permalink })
                  : t('app.products.permalink_not_found', { term: query.search.toLowerCase() })}
              </Typography>
            </Alert>
          )}

          {list.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
              <CircularProgress />
            </Box>
          ) : list.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={list.refetch}>
                  {t('app.products.retry')}
                </Button>
              }
            >
              {t('app.products.notify.load_error')}
            </Alert>
          ) : shown === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
              <Typography color="text.secondary">{t('app.products.empty_filtered')}</Typography>
            </Paper>
          ) : (
            <Box sx={{ opacity: list.isFetching && !list.loadingMore ? 0.6 : 1, transition: 'opacity .2s' }}>
              {view === 'table' ? (
                <ProductTable products={products} actions={actions} />
              ) : view === 'list' ? (
                <ProductRows products={products} actions={actions} />
              ) : (
                <ProductGrid products={products} actions={actions} />
              )}
            </Box>
          )}

          {!list.isLoading && shown > 0 && (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 3 }} data-testid="products-footer">
              <Typography color="text.secondary">
                {moreToLoad
                  ? t('app.products.showing', { shown, total: list.total })
                  : t('app.products.all_loaded', { shown, total: list.total })}
              </Typography>
              {moreToLoad && list.hasMore && (
                <Button
                  variant="outlined"
                  onClick={list.loadMore}
                  disabled={list.loadingMore}
                  startIcon={list.loadingMore ? <CircularProgress size={16} /> : null}
                >
                  {t('app.products.load_more')}
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
          onUpdated={() => {
            setMargin(null);
            refresh();
          }}
        />
      )}
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          defaultCampaignId={campaignId}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('app.products.delete_title')}
        content={deleting ? t('app.products.delete_confirm', { nombre: deleting.nombre }) : ''}
        confirmLabel={t('app.products.menu.delete')}
        pending={deletePending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
