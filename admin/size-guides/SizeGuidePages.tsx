/**
 * Guías de tallas in the back office: the list (every guide with its kind, whose it is and its rows,
 * each opening its table), a new guide and a guide's edit page. Owners and editors write; analysts
 * read the list and each guide's table. A save the database refuses says why, in its words.
 */
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  Create,
  CreateButton,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useCanAccess,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { guideColumns, isSizeKind, type SizeGuideRow } from '@/lib/size-guide.ts';
import { ConflictNotice } from '../common/useSaveError.tsx';
import { errorMessage, isConflict } from '../common/errors.ts';
import { SizeGuideForm } from './SizeGuideForm.tsx';
import { type SizeGuideValues, toSaveData } from './rules.ts';

type GuideRecord = RaRecord & SizeGuideValues & { updated_at?: string };

/** The database's own words for a refused save (PostgREST's message), else the form's. */
function useGuideSaveError() {
  const notify = useNotify();
  return (error: unknown) => {
    if (isConflict(error)) return notify(<ConflictNotice />, { type: 'error', autoHideDuration: null });
    const body = error && typeof error === 'object' && 'body' in error ? (error as { body?: { message?: string } }).body : undefined;
    const message = body?.message || errorMessage(error);
    if (message) notify(message, { type: 'error', autoHideDuration: null, messageArgs: { _: message } });
    else notify('app.size_guides.save_error', { type: 'error' });
  };
}

const all = { pagination: { page: 1, perPage: 1000 } };

/** 'Categoría Calzado', 'Subcategoría Ropa › Jeans', 'Marca Nike': whose guide it is. */
function OwnerField() {
  const translate = useTranslate();
  const record = useRecordContext<GuideRecord>();
  const categories = useGetList('categories', all);
  const subcategories = useGetList('subcategories', all);
  const brands = useGetList('brands', all);
  if (!record) return null;
  const find = (list: RaRecord[] | undefined, id: string | null | undefined) => list?.find((r) => r.id === id);
  let kind = 'category';
  let name: string | undefined;
  if (record.brand_id) {
    kind = 'brand';
    name = find(brands.data, record.brand_id)?.['display_name'];
  } else if (record.subcategory_id) {
    kind = 'subcategory';
    const s = find(subcategories.data, record.subcategory_id);
    name = s ? `${s['category_nombre'] ?? ''} › ${s['nombre']}` : undefined;
  } else name = find(categories.data, record.category_id)?.['nombre'];
  return (
    <span>
      <Typography component="span" variant="body2" color="text.secondary">
        {translate(kind === 'brand' ? 'resources.size_guides.fields.brand_id' : `app.size_guides.owner_${kind}`)}{' '}
      </Typography>
      {name ?? '…'}
    </span>
  );
}

/** A guide's table, read-only (the list's expanded row). */
export function GuidePreview() {
  const record = useRecordContext<GuideRecord>();
  if (!record || !isSizeKind(record.tipo_talla)) return null;
  const columns = guideColumns(record.tipo_talla);
  const rows = (record.filas ?? []) as SizeGuideRow[];
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small" sx={{ width: 'auto' }} aria-label={record.nombre ?? ''}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} sx={{ fontWeight: 600 }}>
                {c.label}
                {c.cm ? ' (cm)' : ''}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.mx}>
              {columns.map((c) => (
                <TableCell key={c.key}>{row[c.key] ?? '—'}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {record.nota && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
          {record.nota}
        </Typography>
      )}
    </Box>
  );
}

export function SizeGuideList() {
  const translate = useTranslate();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'size_guides', action: 'edit' });
  return (
    <List
      title={translate('app.size_guides.title')}
      sort={{ field: 'nombre', order: 'ASC' }}
      perPage={100}
      pagination={false}
      actions={<TopToolbar>{mayEdit && <CreateButton label={translate('app.size_guides.new')} />}</TopToolbar>}
      empty={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {translate('app.size_guides.subtitle')}
        {mayEdit === false && ` ${translate('app.size_guides.read_only')}`}
      </Typography>
      <Datagrid
        rowClick={mayEdit ? 'edit' : 'expand'}
        expand={<GuidePreview />}
        bulkActionButtons={false}
        empty={<Box sx={{ p: 2 }}>{translate('app.size_guides.empty')}</Box>}
      >
        <TextField source="nombre" sx={{ fontWeight: 600 }} />
        <FunctionField
          source="tipo_talla"
          render={(r: GuideRecord) => <Chip size="small" label={translate(`app.size_kinds.${r.tipo_talla}`)} />}
        />
        <FunctionField label={translate('app.size_guides.belongs_to')} render={() => <OwnerField />} />
        <FunctionField label={translate('app.size_guides.rows')} render={(r: GuideRecord) => (r.filas ?? []).length} textAlign="right" />
        <DateField source="updated_at" showTime />
      </Datagrid>
    </List>
  );
}

export function SizeGuideCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useGuideSaveError();
  const onSuccess = () => {
    notify('app.size_guides.saved', { type: 'success' });
    redirect('list', 'size_guides');
  };
  return (
    <Create
      title={translate('app.size_guides.new')}
      transform={(data: SizeGuideValues) => toSaveData(data)}
      mutationOptions={{ onError, onSuccess }}
    >
      <SizeGuideForm />
    </Create>
  );
}

export function SizeGuideEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useGuideSaveError();
  const onSuccess = () => {
    notify('app.size_guides.saved', { type: 'success' });
    redirect('list', 'size_guides');
  };
  return (
    <Edit
      title={translate('app.size_guides.edit')}
      transform={(data: SizeGuideValues) => toSaveData(data)}
      mutationMode="pessimistic"
      mutationOptions={{ onError, onSuccess }}
    >
      <SizeGuideForm />
    </Edit>
  );
}
