/**
 * Brands (spec 2 "Brands"): tabs 'Marcas Activas', 'Fusionar Marcas', 'Marcas sin vincular' (free-text
 * brands to link to a catalogue brand) and 'Reporte de Migración'.
 */
import { Box, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useGetList, useTranslate } from 'react-admin';
import { BrandCards, NewBrandForm } from './BrandCards.tsx';
import { BrandMerge } from './BrandMerge.tsx';
import { MigrationReport } from './MigrationReport.tsx';
import { UnlinkedBrands } from './UnlinkedBrands.tsx';
import type { BrandRow } from './types.ts';

const TABS = ['active', 'merge', 'unlinked', 'report'] as const;

export function BrandsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('active');
  const { data = [], isPending } = useGetList<BrandRow>('brands', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'display_name', order: 'ASC' },
  });
  const active = data.filter((b) => b.active);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.brands.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('app.brands.title')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        <Tab value="active" label={translate('app.brands.tab_active')} />
        <Tab value="merge" label={translate('app.brands.tab_merge')} />
        <Tab value="unlinked" label={translate('app.brands.tab_unlinked')} />
        <Tab value="report" label={translate('app.brands.tab_report')} />
      </Tabs>
      {isPending && tab !== 'report' ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography>{translate('app.brands.loading')}</Typography>
        </Box>
      ) : tab === 'active' ? (
        <>
          <NewBrandForm />
          <BrandCards brands={active} />
        </>
      ) : tab === 'merge' ? (
        <BrandMerge brands={data} />
      ) : tab === 'unlinked' ? (
        <UnlinkedBrands brands={data} />
      ) : (
        <MigrationReport />
      )}
    </Box>
  );
}
