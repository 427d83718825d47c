/**
 * 'Importación Masiva de Productos': campaign and brand, then the file, then review and import.
 * Back is allowed between steps; closing resets everything (not while an import is running).
 * The shop is published once and the list refreshed once, when the whole import has finished.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CsvImport } from '../csv-import.ts';
import type { AdminDataProvider } from '../../providers/dataProvider.ts';
import { FileStep } from './FileStep.tsx';
import { fileHash, parseInWorker } from './parseInWorker.ts';
import { ReviewStep } from './ReviewStep.tsx';
import { toImportProduct } from './rules.ts';
import { IMPORT_BATCH_SIZE, IMPORT_PAUSE_MS, type ImportProgress, type ImportSummary, runImport } from './runImport.ts';
import { type Selection, SelectStep } from './SelectStep.tsx';

const T = 'app.products.import';
const STEPS = ['select', 'file', 'review'] as const;

function Wizard({ onClose, onBusy }: { onClose: () => void; onBusy: (busy: boolean) => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [step, setStep] = useState(0);
  const [selection, setSelection] = useState<Partial<Selection>>({});
  const [selectError, setSelectError] = useState(false);
  const [file, setFile] = useState<{ name: string; hash: string; parsed: CsvImport } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [importing, setImporting] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const readFile = async (chosen: File) => {
    setFileName(chosen.name);
    setFile(null);
    setFailed(false);
    setParsing(true);
    try {
      const bytes = await chosen.arrayBuffer();
      const hash = await fileHash(bytes);
      const parsed = await parseInWorker(bytes);
      if (!parsed.ok) {
        console.error('CSV no legible:', parsed.reason);
        setFailed(true);
        return;
      }
      setFile({ name: chosen.name, hash, parsed });
      setProgress(null);
      setSummary(null);
      setStep(2);
    } catch (error) {
      console.error('CSV no legible:', error);
      setFailed(true);
    } finally {
      setParsing(false);
    }
  };

  const next = () => {
    if (step === 0) {
      const complete = Boolean(selection.campaignId && selection.brandId);
      setSelectError(!complete);
      if (complete) setStep(1);
    } else if (step === 1 && file) {
      setStep(2);
    }
  };

  const startImport = async () => {
    const { campaignId, brandId } = selection;
    if (!file || !campaignId || !brandId || file.parsed.valid.length === 0) return;
    setImporting(true);
    onBusy(true);
    const products = file.parsed.valid.map((row) => toImportProduct(row, file.hash));
    setProgress({ done: 0, total: products.length, batch: 1, batches: Math.ceil(products.length / IMPORT_BATCH_SIZE) });
    try {
      const result = await runImport(
        products,
        (batch) =>
          dataProvider.importProductsBatch({ products: batch, campaign_id: campaignId, brand_id: brandId, batch_size: batch.length }),
        { size: IMPORT_BATCH_SIZE, pauseMs: IMPORT_PAUSE_MS, onProgress: setProgress },
      );
      setSummary(result);
      if (result.imported === 0) {
        notify(`${T}.nothing_imported`, { type: 'error' });
      } else {
        await dataProvider.publishSoon();
        refresh();
        notify(
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{t(`${T}.done_title`)}</Typography>
            <Typography variant="body2">{t(`${T}.done_imported`, { n: result.imported })}</Typography>
            {result.failed > 0 && <Typography variant="body2">{t(`${T}.done_errors`, { m: result.failed })}</Typography>}
          </Box>,
          { type: result.failed > 0 ? 'warning' : 'success', autoHideDuration: 8000 },
        );
      }
    } catch (error) {
      console.error('Importación fallida:', error);
      notify(`${T}.failed`, { type: 'error' });
    } finally {
      setImporting(false);
      onBusy(false);
    }
  };

  const validCount = file?.parsed.valid.length ?? 0;
  return (
    <>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((key) => (
            <Step key={key}>
              <StepLabel>{t(`${T}.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <>
            <SelectStep
              value={selection}
              onChange={(value) => {
                setSelection(value);
                setSelectError(false);
              }}
            />
            {selectError && (
              <Typography role="alert" sx={{ color: 'error.main', mt: 2 }}>
                {t(`${T}.select_required`)}
              </Typography>
            )}
          </>
        )}
        {step === 1 && <FileStep fileName={fileName} parsing={parsing} failed={failed} onFile={readFile} />}
        {step === 2 && file && <ReviewStep parsed={file.parsed} progress={progress} errors={summary?.errors ?? []} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={importing}>
          {t(`${T}.close`)}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {step > 0 && (
          <Button onClick={() => setStep(step - 1)} disabled={importing || parsing}>
            {t(`${T}.back`)}
          </Button>
        )}
        {step < 2 && (
          <Button variant="contained" onClick={next} disabled={step === 1 && !file}>
            {t(`${T}.next`)}
          </Button>
        )}
        {step === 2 && validCount > 0 && (
          <Button variant="contained" onClick={startImport} disabled={importing || summary !== null}>
            {t(`${T}.import_button`, { smart_count: validCount })}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

export function ImportCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  // A new key after each close starts the next opening from scratch.
  const [session, setSession] = useState(0);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="import-csv-title"
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
      slotProps={{ transition: { onExited: () => setSession((n) => n + 1) } }}
    >
      <DialogTitle id="import-csv-title">{t('app.products.import_title')}</DialogTitle>
      <Wizard key={session} onClose={close} onBusy={setBusy} />
    </Dialog>
  );
}
