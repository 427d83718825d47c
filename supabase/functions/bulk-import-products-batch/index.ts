// Deployed entry point (Supabase Edge Runtime); the local gateway imports handler.ts directly.
import handler from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): void };

Deno.serve(handler);
