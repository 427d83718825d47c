/** 'Reporte de Migración': brand_migrations ordered by products_affected descending. */
import { Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { formatReportDate } from '@/lib/dates.ts';

interface MigrationRow {
  id: string;
  original_marca: string;
  normalized_brand: string;
  products_affected: number;
  created_at: string;
}

export function MigrationReport() {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList<MigrationRow>('brand_migrations', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'products_affected', order: 'DESC' },
  });
  if (!isPending && data.length === 0) return <Typography color="text.secondary">{translate('app.brands.report_empty')}</Typography>;
  const f = (key: string) => translate(`resources.brand_migrations.fields.${key}`);
  return (
    <Card>
      <Table size="small" aria-label={translate('app.brands.tab_report')}>
        <TableHead>
          <TableRow>
            <TableCell>{f('original_marca')}</TableCell>
            <TableCell>{f('normalized_brand')}</TableCell>
            <TableCell align="right">{f('products_affected')}</TableCell>
            <TableCell>{f('created_at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((m) => (
            <TableRow key={m.id}>
              <TableCell>{m.original_marca}</TableCell>
              <TableCell>{m.normalized_brand}</TableCell>
              <TableCell align="right">{Number(m.products_affected).toLocaleString('es-MX')}</TableCell>
              <TableCell>{formatReportDate(m.created_at, 'minutes')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
