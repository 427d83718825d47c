/** The hardening project's own throwaway stack, on ports of its own (HARDENING_DB_PORT, ...). */
import { stackSetup } from '../db/global-setup.ts';

export default stackSetup('HARDENING_', { db: 64522, api: 64521, rest: 64529 });
