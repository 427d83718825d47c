/** The server's message of a failed call, or null. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return null;
}

/**
 * A refusal the database words for people: its own checks raise PT4xx errors with a Spanish sentence
 * that says what to do (e.g. 'La talla M de Playera ya se vendió en el pedido OM-7K3F2.').
 */
export function refusalMessage(error: unknown): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  return /^PT4\d\d$/.test(code) ? errorMessage(error) : null;
}

/**
 * A save refused because someone else saved the same record after this form loaded it: nothing was
 * written. The screens say so ('app.conflict') and offer to reload.
 */
export class ConflictError extends Error {
  constructor(message = 'Otra persona guardó este registro después de que lo abriste.') {
    super(message);
    this.name = 'ConflictError';
  }
}

export function isConflict(error: unknown): error is ConflictError {
  return error instanceof ConflictError;
}
