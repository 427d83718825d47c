import { describe, expect, it, vi } from 'vitest';
import { type BatchResult, type ImportProgress, runImport } from './runImport.ts';

const rows = Array.from({ length: 120 }, (_, i) => i + 1);
const ok = (batch: number[]): Promise<BatchResult> => Promise.resolve({ success_count: batch.length, error_count: 0, errors: [] });

describe('runImport', () => {
  it('sends batches of 50 with a pause between them, none after the last', async () => {
    const sizes: number[] = [];
    const sleep = vi.fn(() => Promise.resolve());
    const send = (batch: number[]) => {
      sizes.push(batch.length);
      return ok(batch);
    };
    const summary = await runImport(rows, send, { size: 50, pauseMs: 300, sleep });
    expect(sizes).toEqual([50, 50, 20]);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(300);
    expect(summary).toEqual({ imported: 120, failed: 0, errors: [] });
  });

  it('reports rows done of rows total and batch N of M after each batch', async () => {
    const progress: ImportProgress[] = [];
    await runImport(rows, ok, { size: 50, pauseMs: 0, sleep: async () => {}, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { done: 50, total: 120, batch: 1, batches: 3 },
      { done: 100, total: 120, batch: 2, batches: 3 },
      { done: 120, total: 120, batch: 3, batches: 3 },
    ]);
  });

  it('counts a failed batch as errors, records it and goes on with the next batches', async () => {
    const sent: number[] = [];
    const summary = await runImport(
      rows,
      (batch, number) => {
        sent.push(number);
        if (number === 2) return Promise.reject(new Error('timeout'));
        return number === 3 ? Promise.resolve({ success_count: 18, error_count: 2, errors: ['Fila 101: Precio inválido'] }) : ok(batch);
      },
      { size: 50, pauseMs: 300, sleep: async () => {} },
    );
    expect(sent).toEqual([1, 2, 3]);
    expect(summary).toEqual({ imported: 68, failed: 52, errors: ['Error en lote 2: timeout', 'Fila 101: Precio inválido'] });
  });

  it('sends nothing when there are no rows', async () => {
    const send = vi.fn(ok);
    expect(await runImport([], send, { size: 50, pauseMs: 300, sleep: async () => {} })).toEqual({ imported: 0, failed: 0, errors: [] });
    expect(send).not.toHaveBeenCalled();
  });
});
