/**
 * Categories (spec 2 "Categories"): the categories table and the subcategories table, each with
 * create / edit / delete dialogs and a merge dialog; a category row can add a subcategory to itself.
 * Counts come from categories_with_products / subcategories_with_products.
 */
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { Title, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { CategoryDialog, type TaxonomyKind } from './CategoryDialog.tsx';
import { MergeDialog, type MergeItem } from './MergeDialog.tsx';
import { useTaxonomyDelete } from './useTaxonomyDelete.ts';

interface CategoryRow extends MergeItem, RaRecord {
  id: string;
  descripcion: string | null;
  orden: number;
  show_in_header: boolean;
  tipo_talla: string | null;
}
interface SubcategoryRow extends CategoryRow {
  category_id: string;
}

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'orden', order: 'ASC' as const } };

function Section({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Card>
  );
}

/** A subcategory's own kind of size, or its category's (greyed) when it has none of its own. */
function SubcategoryKind({ own, inherited }: { own: string | null; inherited: string | null }) {
  const translate = useTranslate();
  if (own) return <>{translate(`app.size_kinds.${own}`)}</>;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate(`app.size_kinds.${inherited ?? 'none'}`)}
    </Typography>
  );
}

function ActiveChip({ active }: { active: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'app.active' : 'app.inactive')} />;
}

export function CategoriesPage({ embedded = false }: { embedded?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const categories = useGetList<CategoryRow>('categories', ALL, {
    onError: () => notify('app.categories.load_categories_error', { type: 'error' }),
  });
  const subcategories = useGetList<SubcategoryRow>('subcategories', ALL, {
    onError: () => notify('app.categories.load_subcategories_error', { type: 'error' }),
  });
  const [dialog, setDialog] = useState<{ kind: TaxonomyKind; record: RaRecord | null; categoryId?: string | null } | null>(null);
  const [merging, setMerging] = useState<TaxonomyKind | null>(null);
  const [deleting, setDeleting] = useState<{ kind: TaxonomyKind; record: RaRecord } | null>(null);
  const { remove, pending } = useTaxonomyDelete();

  const categoryRows = categories.data ?? [];
  const categoryKinds = useMemo(() => new Map(categoryRows.map((c) => [c.id, c.tipo_talla])), [categoryRows]);
  const subcategoryRows = useMemo(() => {
    const order = new Map(categoryRows.map((c, i) => [c.id, i]));
    return [...(subcategories.data ?? [])].sort(
      (a, b) =>
        (order.get(a.category_id) ?? 0) - (order.get(b.category_id) ?? 0) || a.orden - b.orden || a.nombre.localeCompare(b.nombre, 'es'),
    );
  }, [categoryRows, subcategories.data]);

  const rowActions = (kind: TaxonomyKind, record: CategoryRow) => (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end">
      {kind === 'categories' && (
        <Tooltip title={translate('app.categories.add_subcategory')}>
          <IconButton
            size="small"
            aria-label={translate('app.categories.add_subcategory')}
            onClick={() => setDialog({ kind: 'subcategories', record: null, categoryId: record.id })}
          >
            <PlaylistAddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={translate('app.edit')}>
        <IconButton size="small" aria-label={translate('app.edit')} onClick={() => setDialog({ kind, record })}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.delete')}>
        <IconButton size="small" color="error" aria-label={translate('app.delete')} onClick={() => setDeleting({ kind, record })}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );

  const loading = (categories.isPending || subcategories.isPending) && (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
      <CircularProgress size={18} />
      <Typography>{translate('app.categories.loading')}</Typography>
    </Box>
  );

  return (
    <Box sx={{ mt: embedded ? 0 : 2 }}>
      {!embedded && (
        <>
          <Title title={translate('app.categories.title')} />
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {translate('app.categories.title')}
          </Typography>
        </>
      )}
      {loading}
      <Section
        title={translate('app.categories.categories')}
        actions={
          <>
            <Button startIcon={<CallMergeIcon />} onClick={() => setMerging('categories')}>
              {translate('app.categories.merge_categories')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'categories', record: null })}>
              {translate('app.categories.new_category')}
            </Button>
          </>
        }
      >
        <Table size="small" aria-label={translate('app.categories.categories')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.categories.fields.nombre')}</TableCell>
              <TableCell>{translate('resources.categories.fields.descripcion')}</TableCell>
              <TableCell align="right">{translate('resources.categories.fields.product_count')}</TableCell>
              <TableCell>{translate('resources.categories.fields.tipo_talla')}</TableCell>
              <TableCell>{translate('resources.categories.fields.activa')}</TableCell>
              <TableCell>{translate('app.categories.in_header')}</TableCell>
              <TableCell align="right">{translate('resources.categories.fields.orden')}</TableCell>
              <TableCell align="right">{translate('app.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {categoryRows.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{c.nombre}</TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 320 }}>{c.descripcion}</TableCell>
                <TableCell align="right">{Number(c.product_count).toLocaleString('es-MX')}</TableCell>
                <TableCell>{translate(`app.size_kinds.${c.tipo_talla ?? 'none'}`)}</TableCell>
                <TableCell>
                  <ActiveChip active={c.activa} />
                </TableCell>
                <TableCell>{translate(c.show_in_header ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                <TableCell align="right">{c.orden}</TableCell>
                <TableCell align="right">{rowActions('categories', c)}</TableCell>
              </TableRow>
            ))}
            {!categories.isPending && categoryRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={8}>{translate('app.categories.empty_categories')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Section>
      <Section
        title={translate('app.categories.subcategories')}
        actions={
          <>
            <Button startIcon={<CallMergeIcon />} onClick={() => setMerging('subcategories')}>
              {translate('app.categories.merge_subcategories')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'subcategories', record: null })}>
              {translate('app.categories.new_subcategory')}
            </Button>
          </>
        }
      >
        <Table size="small" aria-label={translate('app.categories.subcategories')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.subcategories.fields.nombre')}</TableCell>
              <TableCell>{translate('resources.subcategories.fields.category_nombre')}</TableCell>
              <TableCell align="right">{translate('resources.subcategories.fields.product_count')}</TableCell>
              <TableCell>{translate('resources.subcategories.fields.tipo_talla')}</TableCell>
              <TableCell>{translate('resources.subcategories.fields.activa')}</TableCell>
              <TableCell align="right">{translate('resources.subcategories.fields.orden')}</TableCell>
              <TableCell align="right">{translate('app.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subcategoryRows.map((s) => (
              <TableRow key={s.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{s.nombre}</TableCell>
                <TableCell>{s.category_nombre}</TableCell>
                <TableCell align="right">{Number(s.product_count).toLocaleString('es-MX')}</TableCell>
                <TableCell>
                  <SubcategoryKind own={s.tipo_talla} inherited={categoryKinds.get(s.category_id) ?? null} />
                </TableCell>
                <TableCell>
                  <ActiveChip active={s.activa} />
                </TableCell>
                <TableCell align="right">{s.orden}</TableCell>
                <TableCell align="right">{rowActions('subcategories', s)}</TableCell>
              </TableRow>
            ))}
            {!subcategories.isPending && subcategoryRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{translate('app.categories.empty_subcategories')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Section>

      <CategoryDialog
        kind={dialog?.kind ?? 'categories'}
        open={dialog !== null}
        record={dialog?.record ?? null}
        categoryId={dialog?.categoryId ?? null}
        onClose={() => setDialog(null)}
      />
      <MergeDialog kind="categories" items={categoryRows} open={merging === 'categories'} onClose={() => setMerging(null)} />
      <MergeDialog kind="subcategories" items={subcategoryRows} open={merging === 'subcategories'} onClose={() => setMerging(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={translate('app.delete')}
        content={translate(
          deleting?.kind === 'subcategories' ? 'app.categories.delete_subcategory_confirm' : 'app.categories.delete_category_confirm',
        )}
        confirmLabel={translate('app.delete')}
        pending={pending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting.kind, deleting.record);
          setDeleting(null);
        }}
      />
    </Box>
  );
}
