import { CSV_FILE_ERROR, type CsvFailure, type CsvImport } from '../csv-import.ts';

/** Parses the file's bytes in a Web Worker; a worker that crashes reads as an unreadable file. */
export function parseInWorker(bytes: ArrayBuffer): Promise<CsvImport | CsvFailure> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./parseWorker.ts', import.meta.url), { type: 'module' });
    const finish = (result: CsvImport | CsvFailure) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<CsvImport | CsvFailure>) => finish(event.data);
    worker.onerror = (event) => finish({ ok: false, message: CSV_FILE_ERROR, reason: event.message || 'worker error' });
    worker.postMessage(bytes, [bytes]);
  });
}

/** Hex SHA-256 of the file's bytes: with the row number, the key that keeps a retried batch from duplicating products. */
export async function fileHash(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
