/**
 * Settings (spec 2 "Settings"): tabs 'Gestión de Imágenes' (sub-tabs Hero Carousel and Banner de
 * Marcas), 'Categorías', 'Categorías Destacadas', 'General' (the shop's contact settings) and
 * 'Políticas' (the shop's policies every page prints). General and Políticas are the shop settings
 * row, which only owners change: editors see the other tabs.
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { CategoriesPage } from '../categories/CategoriesPage.tsx';
import { BannerManager } from './BannerManager.tsx';
import { FeaturedCategoriesManager } from './FeaturedCategoriesManager.tsx';
import { GeneralSettings } from './GeneralSettings.tsx';
import { HeroManager } from './HeroManager.tsx';
import { PoliciesSettings } from './PoliciesSettings.tsx';

type MainTab = 'images' | 'categories' | 'featured' | 'general' | 'policies';

export function SettingsPage() {
  const translate = useTranslate();
  // ?tab=policies opens Políticas (the home's missing-details warning links there).
  const [params] = useSearchParams();
  const { canAccess: ownsSettings } = useCanAccess({ resource: 'shop_settings', action: 'edit' });
  const [chosen, setTab] = useState<MainTab>(params.get('tab') === 'policies' ? 'policies' : 'images');
  const tab = !ownsSettings && (chosen === 'general' || chosen === 'policies') ? 'images' : chosen;
  const [imageTab, setImageTab] = useState<'hero' | 'banner'>('hero');
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.settings.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('app.settings.title')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        <Tab value="images" label={translate('app.settings.tab_images')} />
        <Tab value="categories" label={translate('app.settings.tab_categories')} />
        <Tab value="featured" label={translate('app.settings.tab_featured_categories')} />
        {ownsSettings && <Tab value="general" label={translate('app.settings.tab_general')} />}
        {ownsSettings && <Tab value="policies" label={translate('app.settings.tab_policies')} />}
      </Tabs>
      {tab === 'images' && (
        <>
          <Tabs value={imageTab} onChange={(_e, v) => setImageTab(v)} sx={{ mb: 2 }} textColor="secondary" indicatorColor="secondary">
            <Tab value="hero" label={translate('app.settings.hero_tab')} />
            <Tab value="banner" label={translate('app.settings.banner_tab')} />
          </Tabs>
          {imageTab === 'hero' ? <HeroManager /> : <BannerManager />}
        </>
      )}
      {tab === 'categories' && <CategoriesPage embedded />}
      {tab === 'featured' && <FeaturedCategoriesManager />}
      {tab === 'general' && <GeneralSettings />}
      {tab === 'policies' && <PoliciesSettings />}
    </Box>
  );
}
