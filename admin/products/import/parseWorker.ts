/** Reads a CSV file off the main thread, so a large file never freezes the back office. */
import { parseCsvFile } from '../csv-import.ts';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  self.postMessage(parseCsvFile(event.data));
};
