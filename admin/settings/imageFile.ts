/** Upload checks of spec 5: an image type, under 5 MB. Returns the message key of the failure, or null. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function imageFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'app.settings.invalid_image';
  if (file.size > MAX_IMAGE_BYTES) return 'app.settings.image_too_big';
  return null;
}
