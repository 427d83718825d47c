/**
 * What supabase/config.toml says about the Edge Functions, read with a TOML parser: the functions
 * declared with `verify_jwt = false` under `[functions.<name>]`. Every other function, as in
 * Supabase, is called only with a JWT signed by the project's secret.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/** Names of the functions whose `verify_jwt` is false in the given config.toml (none when it is missing). */
export function jwtOptOuts(configPath: string): Set<string> {
  if (!existsSync(configPath)) return new Set();
  const config = parse(readFileSync(configPath, 'utf8'));
  const functions = (config['functions'] ?? {}) as Record<string, { verify_jwt?: unknown }>;
  return new Set(Object.entries(functions).flatMap(([name, settings]) => (settings.verify_jwt === false ? [name] : [])));
}
