/** Stops every child process once on Ctrl-C / SIGTERM, so no postgres or postgrest is orphaned. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nDeteniendo (${signal})…`);
    stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  process.on('SIGHUP', handler);
}
