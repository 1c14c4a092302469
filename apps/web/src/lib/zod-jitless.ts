/**
 * Zod 4 probes whether it may compile parsers with `Function('')`. Our CSP forbids eval (no
 * 'unsafe-eval'), so the probe failed quietly but raised a `securitypolicyviolation` on every page that
 * parsed a form (decision 0031). Jitless mode skips the probe. Zod keeps its settings on
 * `globalThis.__zod_globalConfig` (it creates it only if missing), so setting it here, imported first by
 * main.tsx, works whether zod loaded before or after, and adds no zod code to the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
