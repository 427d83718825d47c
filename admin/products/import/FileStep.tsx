/** Step 2: the .csv file to read; reading happens in a worker, and an unreadable file keeps the admin here. */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const T = 'app.products.import';

export function FileStep({
  fileName,
  parsing,
  failed,
  onFile,
}: {
  fileName: string | null;
  parsing: boolean;
  failed: boolean;
  onFile: (file: File) => void;
}) {
  const t = useTranslate();
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={parsing}>
          {t(`${T}.choose_file`)}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="csv-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </Button>
      </Box>
      {fileName && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {fileName}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(`${T}.file_hint`)}
      </Typography>
      {parsing && (
        <Stack direction="row" spacing={1} alignItems="center">
          <CircularProgress size={18} />
          <Typography variant="body2">{t(`${T}.parsing`)}</Typography>
        </Stack>
      )}
      {failed && <Alert severity="error">{t(`${T}.file_error`)}</Alert>}
    </Stack>
  );
}
