/**
 * Runs inside Deno, one process per Edge Function (process.ts starts it as `deno run boot.ts
 * <entry>`): it loads the function's index.ts, whose `Deno.serve` listens where DENO_SERVE_ADDRESS
 * says, and ends the process when its standard input closes, so a function never outlives the stack
 * that started it, even a stack killed without the chance to stop it.
 *
 * As the Edge Runtime does for a function that fails, a request whose handler throws is answered
 * 500 WORKER_ERROR (in Spanish, for the back office) and the error goes to the log, unless the
 * function gives `Deno.serve` its own onError.
 */
const entry = Deno.args[0];
if (!entry) throw new Error('usage: boot.ts <file URL of the function entry point>');

(async () => {
  for await (const _ of Deno.stdin.readable) {
    // the stack never writes: only the end of the stream matters
  }
  Deno.exit(0);
})();

const onError = (error: unknown): Response => {
  console.error(error);
  return Response.json(
    { code: 'WORKER_ERROR', message: 'La función terminó con un error (revisa el registro del servidor).' },
    { status: 500 },
  );
};
const serve = Deno.serve;
type Options = Record<string, unknown>;
Deno.serve = ((first: Options | Deno.ServeHandler, second?: Deno.ServeHandler) =>
  typeof first === 'function'
    ? serve({ onError }, first)
    : second
      ? serve({ onError, ...first } as Deno.ServeTcpOptions, second)
      : serve({ onError, ...first } as unknown as Deno.ServeTcpOptions & Deno.ServeInit)) as typeof Deno.serve;

await import(entry);
