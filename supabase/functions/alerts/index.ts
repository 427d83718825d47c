// The function's entry point, as the Edge Runtime (deployed) and the local stack (one Deno process) run it.
import handler from './handler.ts';

Deno.serve(handler);
