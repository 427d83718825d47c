/**
 * Create / edit dialog of a category or a subcategory (create without a record, edit with one).
 * New records are active, order 0 and not in the header (spec 4). A subcategory may come with its
 * category pre-assigned (the category row's add button). Each says which kind of size its products use
 * (ropa, pantalón, calzado; a subcategory's overrides its category's): size guides and the shoppers'
 * 'Mi talla' follow it.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  BooleanInput,
  CreateBase,
  EditBase,
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useGetList,
  useNotify,
  useTranslate,
  type RaRecord,
  useRecordContext,
} from 'react-admin';
import { SIZE_KINDS } from '@/lib/size-guide.ts';
import { blankToNull } from '../common/validators.ts';
import { useSaveError } from '../common/useSaveError.tsx';
import { RecordHistory } from '../history/RecordHistory.tsx';

export type TaxonomyKind = 'categories' | 'subcategories';

export interface CategoryDialogProps {
  kind: TaxonomyKind;
  open: boolean;
  record?: RaRecord | null;
  /** Pre-assigned category of a new subcategory. */
  categoryId?: string | null;
  onClose: () => void;
}

const NEW_DEFAULTS = { activa: true, orden: 0, show_in_header: false };

function CategorySelect() {
  const translate = useTranslate();
  const { data = [] } = useGetList('categories', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nombre', order: 'ASC' } });
  return (
    <SelectInput
      source="category_id"
      choices={data}
      optionText="nombre"
      validate={required()}
      emptyText={translate('app.categories.select_category')}
      fullWidth
    />
  );
}

/** The kind of size: none ('Sin tallas') for a category, its category's for a subcategory when empty. */
function SizeKindSelect({ kind }: { kind: TaxonomyKind }) {
  const translate = useTranslate();
  return (
    <SelectInput
      source="tipo_talla"
      choices={SIZE_KINDS.map((id) => ({ id, name: translate(`app.size_kinds.${id}`) }))}
      emptyText={translate(kind === 'categories' ? 'app.size_kinds.none' : 'app.size_kinds.inherit')}
      // the empty choice stores null: no kind of its own
      parse={(v: string) => v || null}
      helperText={translate(kind === 'categories' ? 'app.size_kinds.category_help' : 'app.size_kinds.subcategory_help')}
      fullWidth
    />
  );
}

function Fields({ kind, onClose }: { kind: TaxonomyKind; onClose: () => void }) {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Form>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {kind === 'subcategories' && <CategorySelect />}
          <TextInput source="nombre" validate={required()} fullWidth />
          <TextInput source="descripcion" multiline minRows={2} parse={blankToNull} fullWidth />
          <SizeKindSelect kind={kind} />
          <NumberInput source="orden" step={1} fullWidth />
          <BooleanInput source="activa" />
          {kind === 'categories' && <BooleanInput source="show_in_header" />}
        </Box>
        <RecordHistory subjectType={kind === 'categories' ? 'category' : 'subcategory'} subjectId={record?.id as string | undefined} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <SaveButton />
      </DialogActions>
    </Form>
  );
}

export function CategoryDialog({ kind, open, record, categoryId, onClose }: CategoryDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const saveError = useSaveError();
  const editing = Boolean(record?.id);
  const single = kind === 'categories' ? 'category' : 'subcategory';
  const mutationOptions = {
    onSuccess: () => {
      notify(`app.categories.${single}_saved`, { type: 'success' });
      onClose();
    },
    onError: (error: unknown) => saveError(error, `app.categories.save_${single}_error`),
  };
  const defaults = kind === 'categories' ? NEW_DEFAULTS : { activa: true, orden: 0, category_id: categoryId ?? null };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="category-dialog-title">
      <DialogTitle id="category-dialog-title">{translate(`app.categories.${editing ? 'edit' : 'new'}_${single}`)}</DialogTitle>
      {open &&
        (editing ? (
          <EditBase resource={kind} id={record!.id} mutationMode="pessimistic" redirect={false} mutationOptions={mutationOptions}>
            <Fields kind={kind} onClose={onClose} />
          </EditBase>
        ) : (
          <CreateBase resource={kind} redirect={false} mutationOptions={mutationOptions} record={defaults}>
            <Fields kind={kind} onClose={onClose} />
          </CreateBase>
        ))}
    </Dialog>
  );
}
