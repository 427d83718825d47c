/**
 * A record's own history, on its edit page, for owners: its latest changes (a product's with its
 * sizes, images and private fields), who made them and when.
 */
import { Accordion, AccordionDetails, AccordionSummary, Box, CircularProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import { type HistoryChange, recordChanges } from '../providers/history.ts';
import { ChangeList } from './ChangeList.tsx';
import { actorLabel } from './describe.ts';

export function RecordHistory({ subjectType, subjectId }: { subjectType: string; subjectId: string | undefined }) {
  const { canAccess } = useCanAccess({ resource: 'history', action: 'list' });
  const [changes, setChanges] = useState<HistoryChange[] | null>(null);
  if (!canAccess || !subjectId) return null;
  // grouped by transaction: one block per save, newest first
  const groups = new Map<number, HistoryChange[]>();
  for (const change of changes ?? []) groups.set(change.txid, [...(groups.get(change.txid) ?? []), change]);
  return (
    <Accordion
      disableGutters
      onChange={(_e, expanded) => {
        if (expanded && changes === null) void recordChanges(subjectType, subjectId).then(setChanges);
      }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Historial de cambios</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {changes === null ? (
          <CircularProgress size={20} />
        ) : changes.length === 0 ? (
          <Typography variant="body2">Sin cambios registrados.</Typography>
        ) : (
          [...groups.values()].map((group) => (
            <Box key={group[0]!.txid} sx={{ mb: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatMexicoCityDateTime(group[0]!.at, 'minutes')} · {actorLabel(group[0]!.actor_email, group[0]!.actor_role)}
              </Typography>
              <ChangeList changes={group} />
            </Box>
          ))
        )}
      </AccordionDetails>
    </Accordion>
  );
}
