/** JSON errors: every failure the gateway returns is a JSON body with the service's own shape. */

export class HttpError extends Error {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return jsonResponse(error.status, error.body, error.headers);
  console.error('[gateway]', error);
  return jsonResponse(500, { message: 'An unexpected error occurred' });
}
