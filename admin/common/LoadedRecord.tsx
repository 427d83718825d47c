/**
 * An edit form's fields appear once its record has been read: a field typed into before then would be
 * overwritten by the record when it arrives, and the save would send the old value.
 */
import { CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useEditContext, useTranslate } from 'react-admin';

export function LoadedRecord({ children }: { children: ReactNode }) {
  const { record } = useEditContext();
  const translate = useTranslate();
  if (!record) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  return children;
}
