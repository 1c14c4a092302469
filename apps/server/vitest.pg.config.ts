import { serverProject } from './vitest.project';

/** Server tests on PostgreSQL; vitest.config.ts runs the same files on PGlite (vitest.project.ts). */
export default serverProject('postgres');
