/** react-admin's layout (collapsible sidebar, app bar) with the back office's menu. */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminMenu } from './AdminMenu.tsx';

/** minWidth 0 lets wide tables scroll inside the content area instead of widening the page. */
const contentFits = { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } };

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} sx={contentFits}>
      {children}
    </Layout>
  );
}
