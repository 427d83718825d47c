/**
 * Lighthouse audits of pages served locally: Debian's Chromium started headless with a DevTools
 * port (BENCH_CHROME to use another binary), then the `lighthouse` package's default configuration,
 * which emulates a mid-range phone on a throttled mobile network. Scores are 0-100; LCP and TBT in
 * milliseconds, CLS unitless.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

/** Which build a page was served from: this checkout's, or BENCH_BASELINE_REF's. */
export type Build = 'now' | 'baseline';

export interface Audit {
  build: Build;
  route: string;
  /** 1 for the first round over the pages, 2 for the second… */
  run: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's measure of this machine's CPU speed at the time (higher is faster; a loaded machine scores lower). */
  benchmarkIndex: number | null;
  /** Audits of the four categories that did not pass, by id (what to look at when a score is low). */
  failing: string[];
}

const CHROME = process.env['BENCH_CHROME'] ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];

async function waitForDevTools(port: number, chrome: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (chrome.exitCode !== null) throw new Error(`Chromium terminó con código ${chrome.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Chromium no abrió su puerto de DevTools ${port}`);
}

const score = (lhr: { categories: Record<string, { score: number | null } | undefined> }, id: string) => {
  const s = lhr.categories[id]?.score;
  return s === null || s === undefined ? null : Math.round(s * 100);
};

/**
 * Audits each route of each build in turn (the same route of every build one after the other),
 * `runs` rounds over the pages (so a burst of other work on the machine spreads over every page and
 * both builds), with one Chromium listening on `debugPort`. A first round warms up and is not
 * counted: the local stack renders each image size the first time it is asked for (seconds for a
 * hero image), which a hosted project's image CDN has long cached, and which would otherwise fall
 * on whichever build is audited first.
 */
export async function auditPages(
  targets: readonly { build: Build; origin: string }[],
  routes: readonly string[],
  runs: number,
  debugPort: number,
  log: (m: string) => void,
): Promise<Audit[]> {
  const profile = await mkdtemp(join(tmpdir(), 'outlet-bench-chromium-'));
  const chrome = spawn(CHROME, [...FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  try {
    await waitForDevTools(debugPort, chrome);
    const audits: Audit[] = [];
    for (let run = 0; run <= runs; run++) {
      for (const { build, origin, route } of routes.flatMap((r) => targets.map((t) => ({ ...t, route: r })))) {
        const result = await lighthouse(`${origin}${route}`, {
          port: debugPort,
          hostname: '127.0.0.1',
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse no devolvió resultado para ${route}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse en ${route}: ${lhr.runtimeError.message}`);
        const numeric = (id: string) => {
          const v = lhr.audits[id]?.numericValue;
          return v === undefined ? null : Math.round(v * 1000) / 1000;
        };
        const failing = Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.map((ref) => ref.id))
          .filter((id) => {
            const a = lhr.audits[id];
            return a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual';
          });
        const audit: Audit = {
          build,
          route,
          run,
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          bestPractices: score(lhr, 'best-practices'),
          seo: score(lhr, 'seo'),
          lcpMs: numeric('largest-contentful-paint') === null ? null : Math.round(numeric('largest-contentful-paint') as number),
          tbtMs: numeric('total-blocking-time') === null ? null : Math.round(numeric('total-blocking-time') as number),
          cls: numeric('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
          failing: [...new Set(failing)],
        };
        if (run === 0) {
          log(`lighthouse, vuelta de calentamiento (no cuenta) ${build === 'now' ? '' : '(base) '}${route}: LCP ${audit.lcpMs} ms`);
          continue;
        }
        audits.push(audit);
        log(
          `lighthouse ${run}/${runs} ${build === 'now' ? '' : '(base) '}${route}: rendimiento ${audit.performance}, accesibilidad ${audit.accessibility}, buenas prácticas ${audit.bestPractices}, SEO ${audit.seo}; LCP ${audit.lcpMs} ms, TBT ${audit.tbtMs} ms, CLS ${audit.cls} (índice de CPU ${audit.benchmarkIndex})`,
        );
      }
    }
    return audits;
  } finally {
    const exited = new Promise((r) => chrome.once('exit', r));
    if (chrome.exitCode === null) {
      chrome.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    await rm(profile, { recursive: true, force: true });
  }
}
