/**
 * A new code and a code's edit page around the form. A save writes the team's columns only
 * (rules.ts: toSaveData; never the code once created, never its uses); the database refuses what it
 * must, in words shown as they are, and an edit saved over someone else's says so.
 */
import { Create, Edit, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useSaveError } from '../common/useSaveError.tsx';
import { DiscountCodeForm } from './DiscountCodeForm.tsx';
import { type DiscountCodeValues, toSaveData } from './rules.ts';

function useAfterSave() {
  const notify = useNotify();
  const redirect = useRedirect();
  const saveError = useSaveError();
  return {
    onSuccess: () => {
      notify('app.discount_codes.saved', { type: 'success' });
      redirect('list', 'discount_codes');
    },
    onError: (error: unknown) => saveError(error, 'app.discount_codes.save_error'),
  };
}

export function DiscountCodeCreate() {
  const translate = useTranslate();
  return (
    <Create
      title={translate('app.discount_codes.new')}
      transform={(data: DiscountCodeValues) => toSaveData(data)}
      mutationOptions={useAfterSave()}
    >
      <DiscountCodeForm />
    </Create>
  );
}

function EditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<{ codigo?: string }>();
  return <>{translate('app.discount_codes.edit', { code: record?.codigo ?? '' })}</>;
}

export function DiscountCodeEdit() {
  return (
    <Edit
      title={<EditTitle />}
      transform={(data: DiscountCodeValues) => toSaveData(data, true)}
      mutationMode="pessimistic"
      mutationOptions={useAfterSave()}
    >
      <DiscountCodeForm />
    </Edit>
  );
}
