import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceRoutes } from './attendance/attendance.routes.js';
import { integrityRoutes } from './attendance/integrity.routes.js';
import { companyRoutes } from './company/company.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { departmentRoutes } from './departments/departments.routes.js';
import { employeeRoutes } from './employees/employees.routes.js';
import { faceRoutes } from './face/face.routes.js';
import { pairingAdminRoutes } from './face/pairing.routes.js';
import { holidayRoutes } from './holidays/holidays.routes.js';
import { apiKeyRoutes } from './integrations/api-keys.routes.js';
import { locationRoutes } from './locations/locations.routes.js';
import { adminManualChangeRoutes } from './manual-changes/manual-changes.routes.js';
import { payrollRoutes } from './payroll/payroll.routes.js';
import { punchReviewRoutes } from './punch-reviews/punch-reviews.routes.js';
import { qrAdminRoutes } from './qr-punch/qr-punch.routes.js';
import { adminReceiptRoutes } from './receipts/receipts.routes.js';
import { scheduleRoutes } from './schedules/schedules.routes.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';

/** Everything under /api/company-admin-simple: COMPANY_ADMIN only, scoped to the admin's company. */
export const companyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (scoped) => {
      // onRequest, so a missing session answers 401 before the body is even validated.
      scoped.addHook('onRequest', scoped.requireRole('COMPANY_ADMIN'));
      for (const routes of [
        attendanceRoutes,
        adminManualChangeRoutes,
        punchReviewRoutes,
        integrityRoutes,
        adminReceiptRoutes,
        dashboardRoutes,
        companyRoutes,
        departmentRoutes,
        scheduleRoutes,
        locationRoutes,
        holidayRoutes,
        employeeRoutes,
        faceRoutes,
        pairingAdminRoutes,
        qrAdminRoutes,
        payrollRoutes,
        webhookRoutes,
        apiKeyRoutes,
      ]) {
        await scoped.register(routes);
      }
    },
    { prefix: '/company-admin-simple' },
  );
};
