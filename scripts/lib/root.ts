/** The repository's root folder, for scripts that read or write the project's files. */
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
