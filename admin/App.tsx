/**
 * The back office: react-admin on ra-supabase, served under /admin: a browser data router with basename
 * '/admin' around <Admin>, so react-admin's own paths ('/campaigns', '/login') live at /admin/campaigns,
 * /admin/login. Spanish throughout; one folder per resource.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import brands from './brands/index.ts';
import campaigns from './campaigns/index.ts';
import categories from './categories/index.ts';
import discountCodes from './discount-codes/index.ts';
import { AppNotification } from './common/AppNotification.tsx';
import { FeaturedProductsPage } from './featured-products/FeaturedProductsPage.tsx';
import { spanishMessages } from './i18n/es.ts';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { SessionLoading } from './layout/SessionLoading.tsx';
import { ForgotPasswordPage } from './login/ForgotPasswordPage.tsx';
import { LoginPage } from './login/LoginPage.tsx';
import { SetPasswordPage } from './login/SetPasswordPage.tsx';
import messages from './messages/index.ts';
import orders from './orders/index.ts';
import { RouterError } from './layout/RouterError.tsx';
import products from './products/index.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { SettingsPage } from './settings/SettingsPage.tsx';
import sizeGuides from './size-guides/index.ts';
import { theme } from './theme.ts';

export const BASENAME = '/admin';

// The analytics screens (and the chart library only they use), 'Avisos', the team and the account load when first opened.
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return () => (
    <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
      <Screen />
    </Suspense>
  );
}
const ActivityPage = lazyScreen(() => import('./activity/ActivityPage.tsx'));
const AnalyticsPage = lazyScreen(() => import('./analytics/AnalyticsPage.tsx'));
const ReportsPage = lazyScreen(() => import('./reports/ReportsPage.tsx'));
const TeamPage = lazyScreen(() => import('./team/TeamPage.tsx'));
const AccountPage = lazyScreen(() => import('./account/AccountPage.tsx'));
const HistoryPage = lazyScreen(() => import('./history/HistoryPage.tsx'));
const AlertsPage = lazyScreen(() => import('./alerts/AlertsPage.tsx'));

const i18nProvider = polyglotI18nProvider(() => spanishMessages, 'es', [{ locale: 'es', name: 'Español' }]);

function BackOffice() {
  return (
    <Admin
      title="Panel de Administración"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      loading={SessionLoading}
      layout={AdminLayout}
      notification={AppNotification}
      dashboard={ActivityPage}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource {...campaigns} />
      <Resource {...products} />
      <Resource {...categories} />
      <Resource name="subcategories" recordRepresentation="nombre" />
      <Resource {...sizeGuides} />
      <Resource {...brands} />
      <Resource {...messages} />
      <Resource {...orders} />
      <Resource name="order_items" />
      <Resource {...discountCodes} />
      <CustomRoutes>
        <Route path="/featured-products" element={<FeaturedProductsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/reports" element={<ReportsPage />} />
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/detailed-reports" element={<ActivityPage />} />
        <Route path="/team" element={<TeamPage />} />
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/account" element={<AccountPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/set-password" element={<SetPasswordPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * A data router (as react-admin's own) on browser history, so paths read /admin/... rather than #/.
 * useTransitions={false}: React Router 7 otherwise applies navigations inside startTransition, and
 * react-admin's redirect to the login page (navigate, then clear its query cache) keeps interrupting
 * that transition: the old screen re-renders and logs out again, hundreds of times, for seconds.
 */
export default function App() {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <BackOffice />, errorElement: <RouterError /> }], { basename: BASENAME }),
  );
  return <RouterProvider router={router} useTransitions={false} />;
}
