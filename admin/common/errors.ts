/** The server's message of a failed call, or null. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return null;
}

/** The PostgREST error code of a failed call: on the error itself, or in the body react-admin's HttpError carries. */
function errorCode(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  if ('code' in error && error.code) return String(error.code);
  const body = 'body' in error ? error.body : null;
  return body && typeof body === 'object' && 'code' in body && body.code ? String(body.code) : '';
}

/**
 * A refusal the database words for people: its own checks raise PT4xx errors with a Spanish sentence
 * that says what to do (e.g. '1 pieza(s) están apartadas en pedidos sin pagar: las existencias no
 * pueden ser menos. Cancela esos pedidos primero.'), whether it came through supabase-js or
 * react-admin's data provider (an HttpError with PostgREST's body).
 */
export function refusalMessage(error: unknown): string | null {
  return /^PT4\d\d$/.test(errorCode(error)) ? errorMessage(error) : null;
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
