import { config } from 'zod';

/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers with
 * `new Function` — and probes whether it may, a probe the browser reports as a violation — when each schema is
 * built, so this runs before any schema is: imported first by main.tsx, and bundled in zod's own chunk (vite
 * config), which every chunk that builds schemas loads first.
 */
config({ jitless: true });
