/** Switch, view toggle, 'Exportar CSV' / 'Importar CSV' / 'Nuevo Producto', search with clear, campaign selector, Top 1000 buttons. */
import DownloadIcon from '@mui/icons-material/Download';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import GridViewIcon from '@mui/icons-material/GridView';
import SearchIcon from '@mui/icons-material/Search';
import TableRowsIcon from '@mui/icons-material/TableRows';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import PercentIcon from '@mui/icons-material/Percent';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ProductSort } from '../providers/productList.ts';
import type { ProductView } from './rules.ts';
import { CampaignSelect } from './CampaignSelect.tsx';

export interface ToolbarProps {
  search: string;
  onSearch: (s: string) => void;
  campaignId: string | null;
  onCampaign: (id: string | null) => void;
  onlyActive: boolean;
  onOnlyActive: (v: boolean) => void;
  sort: ProductSort;
  onSort: (s: ProductSort) => void;
  view: ProductView;
  onView: (v: ProductView) => void;
  onCreate: () => void;
  onImport: () => void;
  onExport: () => void;
}

export function ProductToolbar(props: ToolbarProps) {
  const t = useTranslate();
  // typing is debounced 300 ms before the server search runs
  const { search, onSearch } = props;
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  // The latest callback, so a re-render of the list does not restart the 300 ms wait.
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  useEffect(() => {
    if (text === search) return;
    const id = setTimeout(() => latestOnSearch.current(text), 300);
    return () => clearTimeout(id);
  }, [text, search]);
  const toggleSort = (s: ProductSort) => props.onSort(props.sort === s ? 'recent' : s);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <FormControlLabel
          control={<Switch checked={props.onlyActive} onChange={(e) => props.onOnlyActive(e.target.checked)} />}
          label={t('app.products.only_active')}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={props.view}
          onChange={(_e, v: ProductView | null) => v && props.onView(v)}
          aria-label={t('app.products.view.label')}
        >
          <ToggleButton value="grid" aria-label={t('app.products.view.grid')}>
            <Tooltip title={t('app.products.view.grid')}>
              <GridViewIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="list" aria-label={t('app.products.view.list')}>
            <Tooltip title={t('app.products.view.list')}>
              <ViewListIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="table" aria-label={t('app.products.view.table')}>
            <Tooltip title={t('app.products.view.table')}>
              <TableRowsIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={props.onExport}>
          Exportar CSV
        </Button>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={props.onImport}>
          {t('app.products.import_csv')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={props.onCreate}>
          {t('app.products.new_product')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onSearch(text);
          }}
          placeholder={t('app.products.search_placeholder')}
          fullWidth={false}
          sx={{ flex: '1 1 360px', m: 0 }}
          slotProps={{
            htmlInput: { 'aria-label': t('app.products.search_placeholder'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t('app.products.search_clear')}
                    onClick={() => {
                      setText('');
                      props.onSearch('');
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
        <CampaignSelect value={props.campaignId} onChange={props.onCampaign} />
        <Button
          variant={props.sort === 'top_discount' ? 'contained' : 'outlined'}
          color="secondary"
          startIcon={<PercentIcon />}
          aria-pressed={props.sort === 'top_discount'}
          onClick={() => toggleSort('top_discount')}
        >
          {t('app.products.top_discount')}
        </Button>
        <Button
          variant={props.sort === 'top_profit' ? 'contained' : 'outlined'}
          color="secondary"
          startIcon={<TrendingUpIcon />}
          aria-pressed={props.sort === 'top_profit'}
          onClick={() => toggleSort('top_profit')}
        >
          {t('app.products.top_profit')}
        </Button>
      </Box>
    </Box>
  );
}
