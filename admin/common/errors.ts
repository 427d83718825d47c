/** The server's message of a failed call, or null. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return null;
}
