/** The router's fallback screen for an unexpected error: the status and its text, or the error's message. */
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error ?? '');
}

export function RouterError() {
  const error = useRouteError();
  return (
    <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 24, margin: '0 0 12px' }}>Unexpected Application Error!</h1>
      <p style={{ color: '#b91c1c', margin: '0 0 16px' }}>{describeRouteError(error)}</p>
      <a href="/admin">Volver al panel</a>
    </main>
  );
}
