/** Storage's error answers ({ statusCode, error, message }, as Supabase Storage sends them). */
import { pgCode } from '../db.ts';
import { HttpError } from '../errors.ts';

export function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

/** Disk errors that mean the stored files cannot be written at all (not a problem of the object's name). */
export const DISK_REFUSALS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EEXIST', 'ENOTDIR', 'EISDIR']);

/** The answer when the storage folder refuses a write: what happened, in the words an admin reads. */
export function storageUnwritable(error: unknown): HttpError {
  const code = pgCode(error) ?? 'EIO';
  console.error('[gateway] storage is not writable:', error);
  const reason = code === 'ENOSPC' || code === 'EDQUOT' ? 'el disco está lleno' : 'la carpeta de archivos no admite escritura';
  return storageError(
    507,
    'StorageUnwritable',
    `No se pudo guardar el archivo: ${reason} (${code}). Inténtalo de nuevo cuando se resuelva.`,
  );
}

export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
export const rlsDenied = () => storageError(403, 'Unauthorized', 'new row violates row-level security policy');
