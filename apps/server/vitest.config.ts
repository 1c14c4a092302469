import { serverProject } from './vitest.project';

/** Server tests on PGlite; vitest.pg.config.ts runs the same files on PostgreSQL (vitest.project.ts). */
export default serverProject('pglite');
