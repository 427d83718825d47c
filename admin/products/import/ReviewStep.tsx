/**
 * Step 3: the file's rows with their prices, margin band, errors (red) and warnings (amber), the
 * valid and error counts, and the import progress (rows done of rows total, batch N of M).
 */
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CsvImport } from '../csv-import.ts';
import { formatPrice } from '@/lib/money.ts';
import type { MarginQuality } from '@/lib/pricing.ts';
import type { ImportProgress } from './runImport.ts';

const T = 'app.products.import';
const PAGE_SIZE = 50;

const BAND_COLOR: Record<MarginQuality, 'success' | 'info' | 'warning' | 'error'> = {
  Excelente: 'success',
  Bueno: 'info',
  Regular: 'warning',
  Bajo: 'error',
};

export function ReviewStep({ parsed, progress, errors }: { parsed: CsvImport; progress: ImportProgress | null; errors: string[] }) {
  const t = useTranslate();
  const [page, setPage] = useState(0);
  const rows = parsed.rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Chip color="success" label={t(`${T}.valid_count`, { smart_count: parsed.valid.length })} data-testid="import-valid-count" />
        <Chip
          color={parsed.errorCount ? 'error' : 'default'}
          label={t(`${T}.error_count`, { smart_count: parsed.errorCount })}
          data-testid="import-error-count"
        />
      </Stack>
      {parsed.headerMissing && <Alert severity="warning">{t(`${T}.header_missing`, { columns: parsed.headerMissing.join(', ') })}</Alert>}
      {parsed.valid.length === 0 && <Alert severity="error">{t(`${T}.no_valid`)}</Alert>}
      {progress && (
        <Box data-testid="import-progress">
          <LinearProgress variant="determinate" value={progress.total ? (100 * progress.done) / progress.total : 0} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t(`${T}.progress`, { ...progress })}
          </Typography>
        </Box>
      )}
      {errors.length > 0 && (
        <Alert severity="error">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`${T}.batch_errors`)}
          </Typography>
          {errors.map((message) => (
            <Typography key={message} variant="body2">
              {message}
            </Typography>
          ))}
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: { xs: 420, md: 480 } }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${T}.columns.row`)}</TableCell>
              <TableCell>{t(`${T}.columns.name`)}</TableCell>
              <TableCell align="right">{t(`${T}.columns.cost`)}</TableCell>
              <TableCell align="right">{t(`${T}.columns.original`)}</TableCell>
              <TableCell align="right">{t(`${T}.columns.sale`)}</TableCell>
              <TableCell>{t(`${T}.columns.margin`)}</TableCell>
              <TableCell>{t(`${T}.columns.notes`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.row} data-testid="import-row" sx={row.errors.length ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                <TableCell>{row.row}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{row.nombre}</TableCell>
                <TableCell align="right">{row.costo_compra === null ? '—' : formatPrice(row.costo_compra)}</TableCell>
                <TableCell align="right">{row.precio_original === null ? '—' : formatPrice(row.precio_original)}</TableCell>
                <TableCell align="right">{row.precio_venta === null ? '—' : formatPrice(row.precio_venta)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.margin === null ? (
                    '—'
                  ) : (
                    <>
                      {row.margin.toFixed(1)}%{' '}
                      <Chip size="small" variant="outlined" color={BAND_COLOR[row.marginQuality]} label={row.marginQuality} />
                    </>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  {row.errors.map((message) => (
                    <Typography key={message} variant="body2" sx={{ color: 'error.main' }}>
                      {message}
                    </Typography>
                  ))}
                  {row.warnings.map((message) => (
                    <Typography key={message} variant="body2" sx={{ color: 'warning.dark' }}>
                      {message}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {parsed.rows.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={parsed.rows.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) => t(`${T}.page`, { from, to, count })}
        />
      )}
    </Stack>
  );
}
