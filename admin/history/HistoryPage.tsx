/**
 * 'Historial' (owners only): every change to the catalogue, the settings and the team, newest
 * first, one entry per save, import batch or merge; filtered by person, kind of record and Mexico
 * City dates. An entry opens to its row changes, before and after.
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Collapse,
  IconButton,
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
import { Fragment, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import {
  entryChanges,
  type HistoryChange,
  type HistoryEntry,
  type HistoryFilter,
  historyEntries,
  historyPeople,
} from '../providers/history.ts';
import { ChangeList } from './ChangeList.tsx';
import { actorLabel, SUBJECT_LABELS } from './describe.ts';

const FILTER = { width: { xs: '100%', sm: 220 } } as const;
const NO_FILTER: HistoryFilter = { actor: '', subject: '', from: '', to: '' };

function EntryChanges({ id }: { id: number }) {
  const [changes, setChanges] = useState<HistoryChange[] | null>(null);
  useEffect(() => {
    void entryChanges(id).then(setChanges);
  }, [id]);
  return changes ? <ChangeList changes={changes} showRecord /> : <CircularProgress size={20} />;
}

export default function HistoryPage() {
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [more, setMore] = useState(false);
  const [people, setPeople] = useState<string[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void historyPeople().then(setPeople, () => setPeople([]));
  }, []);
  useEffect(() => {
    setEntries(null);
    historyEntries(filter, 0).then(
      (page) => {
        setEntries(page.entries);
        setMore(page.more);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );
  }, [filter]);

  const loadMore = async () => {
    const page = await historyEntries(filter, entries?.length ?? 0);
    setEntries([...(entries ?? []), ...page.entries]);
    setMore(page.more);
  };
  const set = (key: keyof HistoryFilter) => (e: { target: { value: string } }) => setFilter({ ...filter, [key]: e.target.value });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Historial" />
      <Typography variant="h5" component="h1">
        Historial
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Cada cambio al catálogo, la configuración y el equipo, con quién lo hizo y qué había antes. Se guarda 24 meses y nadie puede
        cambiarlo.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField select label="Persona" value={filter.actor} onChange={set('actor')} sx={FILTER} fullWidth={false} size="small">
          <MenuItem value="">Todas</MenuItem>
          {people.map((email) => (
            <MenuItem key={email} value={email}>
              {email}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Registro" value={filter.subject} onChange={set('subject')} sx={FILTER} fullWidth={false} size="small">
          <MenuItem value="">Todos</MenuItem>
          {Object.entries(SUBJECT_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Desde"
          type="date"
          value={filter.from}
          onChange={set('from')}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Hasta"
          type="date"
          value={filter.to}
          onChange={set('to')}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {entries === null && !error ? (
        <CircularProgress size={24} />
      ) : entries?.length === 0 ? (
        <Typography>No hay cambios con estos filtros.</Typography>
      ) : (
        <TableContainer component={Card}>
          <Table size="small" aria-label="Historial">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Fecha</TableCell>
                <TableCell>Persona</TableCell>
                <TableCell>Registro</TableCell>
                <TableCell align="right">Cambios</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(entries ?? []).map((entry) => {
                const id = entry.id as number;
                const isOpen = open === id;
                return (
                  <Fragment key={id}>
                    <TableRow hover onClick={() => setOpen(isOpen ? null : id)} sx={{ cursor: 'pointer' }}>
                      <TableCell padding="checkbox">
                        <IconButton size="small" aria-label={isOpen ? 'Ocultar cambios' : 'Ver cambios'}>
                          {isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMexicoCityDateTime(entry.at, 'seconds')}</TableCell>
                      <TableCell>{actorLabel(entry.actor_email, entry.actor_role)}</TableCell>
                      <TableCell>
                        {SUBJECT_LABELS[entry.subject_type ?? ''] ?? entry.subject_type}
                        {entry.subject_label ? `: ${entry.subject_label}` : ''}
                      </TableCell>
                      <TableCell align="right">{entry.changes}</TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={5} sx={{ py: 0, borderBottom: isOpen ? undefined : 'none' }}>
                        <Collapse in={isOpen} unmountOnExit>
                          <Box sx={{ py: 1.5 }}>
                            <EntryChanges id={id} />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {more && (
        <Button onClick={() => void loadMore()} sx={{ alignSelf: 'center' }}>
          Ver más
        </Button>
      )}
    </Box>
  );
}
