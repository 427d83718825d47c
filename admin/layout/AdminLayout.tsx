/** react-admin's layout (collapsible sidebar, app bar) with the back office's menu; the app bar always shows the shop's publication status. */
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator } from 'react-admin';
import { PublicationStatus } from '../publishing/PublicationStatus.tsx';
import { AdminMenu } from './AdminMenu.tsx';

/**
 * On a phone the bar has no room for the page title beside the publication status, and every page
 * names itself in its own heading: the title keeps its place (pushing the status right) but is not
 * shown. From tablets up it ends in an ellipsis when long.
 */
const titleFits = {
  '& #react-admin-title': {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    visibility: { xs: 'hidden', sm: 'visible' },
  },
};

function AdminAppBar() {
  return (
    <AppBar
      sx={titleFits}
      toolbar={
        <>
          <PublicationStatus />
          <LoadingIndicator />
        </>
      }
    />
  );
}

/** minWidth 0 lets wide tables scroll inside the content area instead of widening the page. */
const contentFits = { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } };

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={contentFits}>
      {children}
    </Layout>
  );
}
