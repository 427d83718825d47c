/** Row changes as a list: what was done to which row, and each field "antes → después". */
import { Box, Typography } from '@mui/material';
import type { HistoryChange } from '../providers/history.ts';
import { describeAction, fieldChanges } from './describe.ts';

export function ChangeList({ changes, showRecord = false }: { changes: HistoryChange[]; showRecord?: boolean }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {changes.map((change) => (
        <li key={change.id}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {describeAction(change)}
            {showRecord && change.subject_label ? `: ${change.subject_label}` : ''}
          </Typography>
          {fieldChanges(change).map((f) => (
            <Typography key={f.field} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {f.field}: {change.action === 'insert' ? f.after : change.action === 'delete' ? f.before : `${f.before} → ${f.after}`}
            </Typography>
          ))}
        </li>
      ))}
    </Box>
  );
}
