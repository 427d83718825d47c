import { describe, expect, it } from 'vitest';
import { RenderCache } from '../../scripts/stack/gateway/render-cache.ts';

describe('render queue', () => {
  it('renders two at a time, lets 32 wait, and refuses the next at once with a 503', async () => {
    const cache = new RenderCache({ root: '/nonexistent', capBytes: 1, concurrency: 2, maxQueued: 32 });
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const job = () =>
      cache.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      });
    const accepted = Array.from({ length: 34 }, job);
    await expect(job()).rejects.toMatchObject({ status: 503 });
    expect(running).toBe(2);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
