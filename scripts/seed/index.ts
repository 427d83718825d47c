/** Demo and bulk data for the outlet (see demo.ts, bulk.ts). */
export { seedDemo, type SeedDemoOptions, type SeedDemoResult } from './demo.ts';
export { seedBulkProducts, type SeedBulkOptions } from './bulk.ts';
export { seedEvents, type SeedEventsOptions } from './events.ts';
