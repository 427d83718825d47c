/**
 * 'Códigos': every discount code, newest first, with its discount, what it applies to, its minimum,
 * its days, its uses so far ('3 de 10') and per network, and where it stands today (Activo,
 * Programado, Vencido, Agotado, Desactivado). Owners and editors open a code to edit it, create new
 * ones and deactivate (or reactivate) them from the row; analysts read the list. Codes are never
 * deleted: orders keep the code they used.
 */
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  DataTable,
  List,
  type RaRecord,
  useCanAccess,
  useCreatePath,
  useGetList,
  useListContext,
  useNavigate,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { todayInMexicoCity } from '@/lib/dates.ts';
import { formatPrice } from '@/lib/money.ts';
import { useSaveError } from '../common/useSaveError.tsx';
import { codeStatus, type DiscountCode, daysText, STATUS_COLORS, usesText, valueText } from './rules.ts';

const all = { pagination: { page: 1, perPage: 1000 } };
/** A row of the list as the code it is (react-admin's cells get plain records). */
const code = (r: Record<string, unknown>) => r as unknown as DiscountCode;

function Header({ mayEdit }: { mayEdit: boolean }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { total } = useListContext();
  return (
    <Box sx={{ width: '100%', pt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('app.discount_codes.title')}
          {typeof total === 'number' && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({total})
            </Typography>
          )}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => refresh()}>
          {translate('app.refresh')}
        </Button>
        {mayEdit && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate(createPath({ resource: 'discount_codes', type: 'create' }))}
          >
            {translate('app.discount_codes.new')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1, maxWidth: 900 }}>
        {translate('app.discount_codes.subtitle')}
        {!mayEdit && ` ${translate('app.discount_codes.read_only')}`}
      </Typography>
    </Box>
  );
}

/** 'Toda la tienda', 'Campaña Buen Fin', 'Categoría Calzado', 'Marca Nike'; a deleted one says so. */
function AppliesTo({ code }: { code: DiscountCode }) {
  const translate = useTranslate();
  const campaigns = useGetList('campaigns', all, { enabled: code.alcance === 'campana' });
  const categories = useGetList('categories', all, { enabled: code.alcance === 'categoria' });
  const brands = useGetList('brands', all, { enabled: code.alcance === 'marca' });
  if (code.alcance === 'tienda') return <>{translate('app.discount_codes.applies_tienda')}</>;
  const [list, id, field] =
    code.alcance === 'campana'
      ? [campaigns.data, code.campaign_id, 'nombre']
      : code.alcance === 'categoria'
        ? [categories.data, code.category_id, 'nombre']
        : [brands.data, code.brand_id, 'display_name'];
  if (!id)
    return (
      <Typography color="error" variant="body2">
        {translate('app.discount_codes.applies_missing')}
      </Typography>
    );
  const name = (list as RaRecord[] | undefined)?.find((r) => r.id === id)?.[field] as string | undefined;
  return <>{translate(`app.discount_codes.applies_${code.alcance}`, { name: name ?? '…' })}</>;
}

function StatusChip({ code }: { code: DiscountCode }) {
  const translate = useTranslate();
  const status = codeStatus(code, todayInMexicoCity());
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`app.discount_codes.status.${status}`)} />;
}

/** 'Desactivar' (or 'Activar') in the row, for owners and editors. */
function ToggleActive({ code }: { code: DiscountCode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const saveError = useSaveError();
  const [update, { isPending }] = useUpdate();
  const toggle = (e: MouseEvent) => {
    e.stopPropagation();
    update(
      'discount_codes',
      { id: code.id, data: { activo: !code.activo }, previousData: code },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(code.activo ? 'app.discount_codes.deactivated' : 'app.discount_codes.activated', {
            type: 'success',
            messageArgs: { code: code.codigo },
          }),
        onError: (error) => saveError(error, 'app.discount_codes.toggle_error'),
      },
    );
  };
  return (
    <Button
      size="small"
      color={code.activo ? 'inherit' : 'primary'}
      disabled={isPending}
      onClick={toggle}
      aria-label={`${translate(code.activo ? 'app.discount_codes.deactivate' : 'app.discount_codes.activate')} ${code.codigo}`}
    >
      {translate(code.activo ? 'app.discount_codes.deactivate' : 'app.discount_codes.activate')}
    </Button>
  );
}

export function DiscountCodeList() {
  const translate = useTranslate();
  const { canAccess: mayEdit = false } = useCanAccess({ resource: 'discount_codes', action: 'edit' });
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource="discount_codes"
      title={translate('app.discount_codes.title')}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
      actions={false}
      exporter={false}
      empty={false}
      sx={{ '& .RaList-main': { mt: 0, minWidth: 0 } }}
    >
      <Header mayEdit={mayEdit} />
      <DataTable<DiscountCode>
        bulkActionButtons={false}
        rowClick={mayEdit ? 'edit' : false}
        empty={<Box sx={{ p: 2 }}>{translate('app.discount_codes.empty')}</Box>}
      >
        <DataTable.Col
          source="codigo"
          render={(r) => (
            <Box>
              <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                {code(r).codigo}
              </Box>
              {phone && (
                <>
                  <Typography variant="body2" color="text.secondary" component="div">
                    {valueText(code(r))} · <AppliesTo code={code(r)} />
                  </Typography>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                    <StatusChip code={code(r)} />
                    <Typography variant="body2" component="span" data-testid="code-uses">
                      {translate('resources.discount_codes.fields.usos')}: {usesText(code(r))}
                    </Typography>
                  </Box>
                </>
              )}
              {code(r).descripcion && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {code(r).descripcion}
                </Typography>
              )}
            </Box>
          )}
        />
        {!phone && <DataTable.Col source="valor" render={(r) => valueText(code(r))} />}
        {!phone && <DataTable.Col source="alcance" disableSort render={(r) => <AppliesTo code={code(r)} />} />}
        {!phone && (
          <DataTable.Col
            source="compra_minima"
            render={(r) =>
              code(r).compra_minima === null
                ? translate('app.discount_codes.no_minimum')
                : translate('app.discount_codes.minimum', { amount: formatPrice(code(r).compra_minima) })
            }
          />
        )}
        {!phone && <DataTable.Col source="fecha_fin" label={translate('app.discount_codes.days')} render={(r) => daysText(code(r))} />}
        {!phone && (
          <DataTable.Col
            source="usos"
            render={(r) => (
              <Box>
                <Box component="span" data-testid="code-uses">
                  {usesText(code(r))}
                </Box>
                {code(r).usos_por_conexion !== null && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {translate('app.discount_codes.per_network', { n: code(r).usos_por_conexion })}
                  </Typography>
                )}
              </Box>
            )}
          />
        )}
        {!phone && (
          <DataTable.Col
            source="status"
            disableSort
            label={translate('resources.discount_codes.fields.status')}
            render={(r) => <StatusChip code={code(r)} />}
          />
        )}
        {mayEdit && (
          <DataTable.Col label={translate('app.actions')} disableSort align="right" render={(r) => <ToggleActive code={code(r)} />} />
        )}
      </DataTable>
    </List>
  );
}
