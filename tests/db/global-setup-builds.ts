/** The stack of the database tests that build the shop (vitest.config.ts), on ports of its own (TEST_BUILDS_DB_PORT, ...). */
import { stackSetup } from './global-setup.ts';

export default stackSetup('TEST_BUILDS_', { db: 64622, api: 64621, rest: 64629 }, { platform: true });
