/**
 * The import loop: rows go out in batches, one after another with a pause between them. A batch that
 * fails (an exception or the function's error answer) counts all its rows as errors, is recorded as
 * 'Error en lote N: message', and the import goes on with the next batch.
 */

export interface BatchResult {
  success_count: number;
  error_count: number;
  errors: string[];
}

export interface ImportProgress {
  /** Rows sent so far (imported or failed). */
  done: number;
  total: number;
  /** 1-based number of the batch just finished. */
  batch: number;
  batches: number;
}

export interface ImportSummary {
  imported: number;
  failed: number;
  errors: string[];
}

export interface RunImportOptions {
  size: number;
  pauseMs: number;
  onProgress?: (progress: ImportProgress) => void;
  sleep?: (ms: number) => Promise<void>;
}

export const IMPORT_BATCH_SIZE = 50;
export const IMPORT_PAUSE_MS = 300;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runImport<T>(
  rows: readonly T[],
  send: (batch: T[], batchNumber: number) => Promise<BatchResult>,
  { size, pauseMs, onProgress, sleep = defaultSleep }: RunImportOptions,
): Promise<ImportSummary> {
  const batches = Math.ceil(rows.length / size);
  const summary: ImportSummary = { imported: 0, failed: 0, errors: [] };
  for (let index = 0; index < batches; index++) {
    const batch = rows.slice(index * size, (index + 1) * size);
    const number = index + 1;
    try {
      const result = await send(batch, number);
      summary.imported += result.success_count;
      summary.failed += result.error_count;
      summary.errors.push(...result.errors);
    } catch (error) {
      summary.failed += batch.length;
      summary.errors.push(`Error en lote ${number}: ${messageOf(error)}`);
    }
    onProgress?.({ done: Math.min(rows.length, (index + 1) * size), total: rows.length, batch: number, batches });
    if (number < batches) await sleep(pauseMs);
  }
  return summary;
}
