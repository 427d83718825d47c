/**
 * 'Marcas sin vincular': the free-text brands of products with no catalogue brand (imported or typed
 * by hand), grouped accent- and case-insensitively, with how many products carry each, its other
 * spellings and the closest catalogue brands. One click links all of them to a brand, in one
 * transaction recorded in 'Reporte de Migración'.
 */
import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorMessage } from '../common/errors.ts';
import type { AdminDataProvider, UnlinkedBrandValue } from '../providers/dataProvider.ts';
import type { BrandRow } from './types.ts';

function ValueCard({
  value,
  brands,
  busy,
  onLink,
}: {
  value: UnlinkedBrandValue;
  brands: BrandRow[];
  busy: boolean;
  onLink: (brand: { id: string; display_name: string }) => void;
}) {
  const translate = useTranslate();
  const [other, setOther] = useState('');
  const others = value.spellings.filter((s) => s !== value.marca);
  const labelId = `otra-marca-${value.value_key}`;
  return (
    <Card variant="outlined" aria-label={value.marca}>
      <CardContent>
        <Stack spacing={1.5}>
          <div>
            <Typography fontWeight={700}>{value.marca}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.brands.products', { smart_count: Number(value.products) })}
              {others.length > 0 && ` · ${translate('app.brands.also_written', { spellings: others.join(', ') })}`}
            </Typography>
          </div>
          {value.matches.length > 0 ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2">{translate('app.brands.closest')}</Typography>
              {value.matches.map((m, i) => (
                <Button
                  key={m.id}
                  size="small"
                  variant={i === 0 ? 'contained' : 'outlined'}
                  startIcon={<LinkIcon />}
                  disabled={busy}
                  onClick={() => onLink(m)}
                >
                  {translate('app.brands.link_to', { brand: m.display_name, score: Math.round(m.similarity * 100) })}
                </Button>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.brands.no_match')}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 480 }}>
            <FormControl size="small" fullWidth>
              <InputLabel id={labelId}>{translate('app.brands.other_brand')}</InputLabel>
              <Select
                labelId={labelId}
                label={translate('app.brands.other_brand')}
                value={other}
                onChange={(e) => setOther(e.target.value)}
              >
                {brands.map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.display_name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Button
              variant="outlined"
              disabled={!other || busy}
              onClick={() => {
                const brand = brands.find((b) => b.id === other);
                if (brand) onLink(brand);
              }}
            >
              {translate('app.brands.link')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function UnlinkedBrands({ brands }: { brands: BrandRow[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [values, setValues] = useState<UnlinkedBrandValue[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setValues(await dataProvider.unlinkedBrandValues());
    } catch {
      setValues([]);
      notify('app.brands.unlinked_load_error', { type: 'error' });
    }
  }, [dataProvider, notify]);
  useEffect(() => {
    load();
  }, [load]);

  const link = async (value: UnlinkedBrandValue, brand: { id: string; display_name: string }) => {
    setBusy(true);
    try {
      const result = await dataProvider.linkBrandValue(value.marca, brand.id);
      notify(translate('app.brands.linked', { smart_count: result.products_moved, brand: brand.display_name }), { type: 'success' });
      refresh();
      await load();
    } catch (error) {
      const detail = errorMessage(error);
      notify(detail ? `${translate('app.brands.link_error')}: ${detail}` : 'app.brands.link_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (values === null) return <CircularProgress size={24} />;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate('app.brands.unlinked_intro')}</Typography>
      {values.length === 0 ? (
        <Alert severity="success">{translate('app.brands.unlinked_empty')}</Alert>
      ) : (
        values.map((v) => <ValueCard key={v.value_key} value={v} brands={brands} busy={busy} onLink={(brand) => link(v, brand)} />)
      )}
    </Stack>
  );
}
