import { defineProject } from 'vitest/config';

/**
 * The server tests Stryker runs for the services' mutation run (stryker.config.mjs, issue 21): on PGlite, the
 * test files that drive a punch, the plan limits and what they guard. Stryker picks, per mutant, the tests that
 * cover it (perTest), so the list only bounds its first full run.
 */
export default defineProject({
  test: {
    name: 'server-mutation',
    include: [
      'src/modules/attendance/{attendance,punch,punch-batch,punch-admission,history,calendar,calendar-records,chain}.test.ts',
      'src/modules/employee-area/{attendance,punch-limits,access}.test.ts',
      'src/modules/spec-contract/{company-admin-attendance,deviations}.test.ts',
      'src/modules/employees/{employees,import}.test.ts',
      'src/modules/{schedules,locations}/*.test.ts',
      'src/modules/face/links.test.ts',
      'src/modules/integrations/api-keys.test.ts',
      'src/modules/company/*.test.ts',
      // The kiosk's and the QR's 'auto' punches (the 2-minute repeat), receipts, webhooks, the activity feed, the
      // register and the API: what a punch writes besides its record. The face tests on the real engine are left out.
      'src/modules/qr-punch/*.test.ts',
      'src/modules/receipts/receipts.test.ts',
      'src/modules/webhooks/webhooks.test.ts',
      'src/modules/employee-area/activity.test.ts',
      'src/modules/register/register.test.ts',
      'src/modules/api-v1/{v1,v1-register}.test.ts',
      'src/modules/manual-changes/manual-changes.test.ts',
      'src/modules/employee-area/socket.test.ts',
      // The plan limits: lowered by the super admin, shown on the dashboard, changed by billing.
      'src/modules/billing/{billing.paypal,billing.simulator,lifecycle}.test.ts',
      'src/modules/{admin,dashboard}/*.test.ts',
    ],
    globalSetup: ['src/test/global-setup.ts'],
    env: { TEST_DB: 'pglite', TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
