/** Pieces the three analytics screens share: loading line, error line, period select, figure card, scrolling table. */
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function LoadingLine({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 2 }}>
      <CircularProgress size={18} />
      <Typography>{text}</Typography>
    </Box>
  );
}

export function ErrorLine({ text }: { text: string }) {
  return (
    <Typography role="alert" color="error" sx={{ py: 2 }}>
      {text}
    </Typography>
  );
}

export function EmptyLine({ text }: { text: string }) {
  return <Alert severity="info">{text}</Alert>;
}

/** Periods of whole Mexico City days ending today; 0 stands for the whole history where offered. */
export function PeriodSelect({
  value,
  options,
  onChange,
}: {
  value: number;
  options: readonly number[];
  onChange: (days: number) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('app.period.label')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 220 }, m: 0 }}
    >
      {options.map((days) => (
        <MenuItem key={days} value={days}>
          {days === 0 ? translate('app.period.all_time') : translate('app.period.days', { smart_count: days })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A headline figure; cards sit in a grid that stacks on a phone. */
export function FigureCard({ label, value, detail }: { label: string; value: number | string; detail?: string | undefined }) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-figure sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {typeof value === 'number' ? value.toLocaleString('es-MX') : value}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Cards side by side as far as they fit (two per row on a phone for small figures, one for panels). */
export function CardGrid({ children, min = 200, phoneColumns = 1 }: { children: ReactNode; min?: number; phoneColumns?: 1 | 2 }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: `repeat(${phoneColumns}, minmax(0, 1fr))`, sm: `repeat(auto-fit, minmax(${min}px, 1fr))` },
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A table that scrolls sideways on a narrow screen rather than squeezing its columns. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
}) {
  return (
    <TableContainer component={Card} sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.numeric ? 'right' : 'left'}
                  sx={{ whiteSpace: column.numeric ? 'nowrap' : undefined }}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export const count = (value: number | null | undefined) => Number(value ?? 0).toLocaleString('es-MX');
