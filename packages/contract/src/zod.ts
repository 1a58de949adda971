/**
 * zod as every schema of the contract uses it. In a browser the app runs under a CSP without
 * 'unsafe-eval': zod's compiled parsers would probe `new Function` when the first schema is
 * built, and the page would report a violation, so there they are off. The server keeps them.
 */
import { z } from 'zod';

if ('window' in globalThis) z.config({ jitless: true });

export { z };
