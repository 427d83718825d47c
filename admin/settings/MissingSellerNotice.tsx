/**
 * The warning that seller details the law asks the pages to show are still empty (the pages leave
 * them out meanwhile): in Configuración → Políticas, and on the back office's home with a link there,
 * so an owner sees it without looking for it.
 */
import { Alert, AlertTitle, Button } from '@mui/material';
import { Link, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { missingSellerDetails, type PolicyColumns, toShopPolicies } from '@/lib/policies.ts';

export function MissingSellerAlert({ row, withLink = false }: { row: PolicyColumns | undefined; withLink?: boolean }) {
  const translate = useTranslate();
  if (!row) return null;
  const missing = missingSellerDetails(toShopPolicies(row));
  if (missing.length === 0) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: withLink ? 2 : 0 }}
      action={
        withLink ? (
          <Button component={Link} to="/settings?tab=policies" color="inherit" size="small">
            {translate('app.settings.policies.complete')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate('app.settings.policies.missing_title')}</AlertTitle>
      {translate('app.settings.policies.missing_body', { fields: missing.join(', ') })}
    </Alert>
  );
}

/** On the back office's home: the saved settings row, read once. */
export function MissingSellerNotice() {
  const { data } = useGetOne<PolicyColumns & { id: number }>('shop_settings', { id: 1 });
  // only owners change the seller's details: the warning is theirs
  const { canAccess } = useCanAccess({ resource: 'shop_settings', action: 'edit' });
  return canAccess ? <MissingSellerAlert row={data} withLink /> : null;
}
