/**
 * The size table of a guide as an editable table: one row per size (MX, US, EU and the kind's
 * measurements in cm), rows added, removed and moved; a new table can start from the kind's common
 * sizes. The columns follow the guide's kind as it is chosen; each cell shows its own error.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { guideColumns, isSizeKind } from '@/lib/size-guide.ts';
import { starterRows } from './rules.ts';

/** react-admin's form-level validation wraps each message: { message: { message: 'Falta la talla MX' } }. */
type Message = string | { message?: string } | undefined;
type CellErrors = Partial<Record<string, { message?: Message }>>;
const messageText = (m: Message): string | undefined => (typeof m === 'string' ? m : m?.message);

export function SizeRowsEditor({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { control, register } = useFormContext();
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'filas' });
  const kindValue = useWatch({ control, name: 'tipo_talla' });
  const kind = isSizeKind(kindValue) ? kindValue : 'ropa';
  const columns = guideColumns(kind);
  const { errors, isSubmitted } = useFormState({ control, name: 'filas' });
  const filasError = errors['filas'] as unknown as (CellErrors | undefined)[] | { message?: Message } | undefined;
  const rootMessage = filasError && !Array.isArray(filasError) ? messageText(filasError.message) : undefined;
  const cellError = (i: number, key: string) => (Array.isArray(filasError) ? messageText(filasError[i]?.[key]?.message) : undefined);

  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('app.size_guides.table')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.size_guides.table_help')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={translate('app.size_guides.table')} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ minWidth: c.cm ? 120 : 84, fontWeight: 600 }}>
                  {c.label}
                  {c.cm && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      (cm)
                    </Typography>
                  )}
                </TableCell>
              ))}
              <TableCell sx={{ width: 128 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field, i) => (
              <TableRow key={field.id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ pt: 2, color: 'text.secondary' }}>{i + 1}</TableCell>
                {columns.map((c) => {
                  const { ref, ...input } = register(`filas.${i}.${c.key}`);
                  const message = cellError(i, c.key);
                  return (
                    <TableCell key={c.key}>
                      <TextField
                        {...input}
                        inputRef={ref}
                        size="small"
                        variant="outlined"
                        fullWidth
                        disabled={disabled}
                        error={Boolean(message)}
                        helperText={message}
                        placeholder={c.key === 'mx' ? 'M' : c.cm ? '88-92' : ''}
                        slotProps={{ htmlInput: { 'aria-label': `${c.label} de la fila ${i + 1}`, autoComplete: 'off' } }}
                      />
                    </TableCell>
                  );
                })}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('app.size_guides.move_up', { n: i + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={translate('app.size_guides.move_up', { n: i + 1 })}
                        disabled={disabled || i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('app.size_guides.move_down', { n: i + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={translate('app.size_guides.move_down', { n: i + 1 })}
                        disabled={disabled || i === fields.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('app.size_guides.remove_row', { n: i + 1 })}>
                    <span>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={translate('app.size_guides.remove_row', { n: i + 1 })}
                        disabled={disabled}
                        onClick={() => remove(i)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rootMessage && isSubmitted && <FormHelperText error>{rootMessage}</FormHelperText>}
      {!disabled && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => append({ mx: '' })}>
            {translate('app.size_guides.add_row')}
          </Button>
          {fields.length === 0 && (
            <Button startIcon={<PlaylistAddIcon />} onClick={() => replace(starterRows(kind))}>
              {translate('app.size_guides.starter_rows')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
