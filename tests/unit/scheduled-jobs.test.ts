/**
 * The local stack runs the jobs a hosted project's pg_cron runs (scripts/stack/jobs.ts): each one
 * the schema files schedule more often than daily is in the list with the same name, interval and
 * statement, and the list holds nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS } from '../../scripts/stack/jobs.ts';

const SCHEMAS = new URL('../../supabase/schemas/', import.meta.url).pathname;

/** Every cron.schedule('name', 'N seconds', 'sql') of the schema files. */
function scheduledInSchemas() {
  const jobs: { name: string; everySeconds: number; sql: string }[] = [];
  for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(join(SCHEMAS, file), 'utf8');
    for (const match of text.matchAll(/cron\.schedule\('([^']+)', '(\d+) seconds', '([^']+)'\)/g)) {
      jobs.push({ name: match[1]!, everySeconds: Number(match[2]), sql: match[3]! });
    }
  }
  return jobs;
}

describe('scheduled jobs', () => {
  it('are the ones pg_cron runs on a hosted project, on the same schedule', () => {
    const scheduled = scheduledInSchemas();
    expect(scheduled.map((j) => j.name)).toContain('release-expired-holds');
    expect(scheduled.map((j) => j.name)).toContain('open-announced-campaigns');
    expect(
      [...SCHEDULED_JOBS].map(({ name, everySeconds, sql }) => ({ name, everySeconds, sql })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(scheduled.sort((a, b) => a.name.localeCompare(b.name)));
  });
  it('send the alerts of a campaign that opened well within 60 seconds, through the send-alerts function', () => {
    const alerts = SCHEDULED_JOBS.find((j) => j.name === 'send-alerts');
    expect(alerts?.everySeconds).toBeLessThanOrEqual(15);
    expect(alerts?.edgeFunction).toBe('send-alerts');
  });
  it('release an ended hold within 60 seconds of its end', () => {
    const holds = SCHEDULED_JOBS.find((j) => j.name === 'release-expired-holds');
    expect(holds?.everySeconds).toBeLessThanOrEqual(30);
  });
  it('open an announced campaign within 30 seconds of its start, so its publication is asked for then', () => {
    const opening = SCHEDULED_JOBS.find((j) => j.name === 'open-announced-campaigns');
    expect(opening?.sql).toBe('select private.open_announced_campaigns()');
    expect(opening?.everySeconds).toBeLessThanOrEqual(30);
  });
});
