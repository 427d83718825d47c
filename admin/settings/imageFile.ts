/**
 * Upload checks for hero images, the same as for product images: JPG, PNG or WebP (the buckets take
 * nothing else), under 5 MB. Returns the message key of the failure, or null.
 */
import { GALLERY_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../common/upload-names.ts';

export function imageFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'app.settings.invalid_image';
  if (file.size > MAX_IMAGE_BYTES) return 'app.settings.image_too_big';
  return null;
}
