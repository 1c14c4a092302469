import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faceConsentRoutes } from '../face/consent.routes.js';
import { employeeManualChangeRoutes } from '../manual-changes/manual-changes.routes.js';
import { qrEmployeeRoutes } from '../qr-punch/qr-punch.routes.js';
import { employeeReceiptRoutes } from '../receipts/receipts.routes.js';
import { attendanceRoutes } from './attendance.routes.js';
import { overviewRoutes } from './overview.routes.js';
import { profileRoutes } from './profile.routes.js';

/**
 * Everything under /api/employee (spec §7 "Employee"): EMPLOYEE only, and every answer is the session
 * employee's own data (found from the session's user, never from the request).
 */
export const employeeAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (scoped) => {
      // onRequest, so a missing session answers 401 before the body is even validated.
      scoped.addHook('onRequest', scoped.requireRole('EMPLOYEE'));
      for (const routes of [
        overviewRoutes,
        profileRoutes,
        attendanceRoutes,
        faceConsentRoutes,
        employeeManualChangeRoutes,
        qrEmployeeRoutes,
        employeeReceiptRoutes,
      ])
        await scoped.register(routes);
    },
    { prefix: '/employee' },
  );
};
