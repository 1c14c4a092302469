/**
 * Web tests that render nothing and need no i18n setup: they run in the `web-node` project (plain Node, no jsdom,
 * no test/setup.ts), and the `web` project leaves them out (decision 0067). Measured on these 13 files: 229 s in jsdom
 * (environment 107 s, setup 53 s) against 72 s in Node, 69 tests both. A file listed here that touches the DOM fails
 * loudly (ReferenceError: document is not defined); a file not listed runs in jsdom as before.
 */
export const NODE_TESTS = [
  'src/app/theme.test.ts',
  'src/features/attendance/status.test.ts',
  'src/features/face/kiosk/offline/shell.test.ts',
  'src/features/face/kiosk/offline/scope.test.ts',
  'src/features/face/camera/guidance.test.ts',
  'src/features/employee-area/attendance/checkOutPreview.test.ts',
  'src/features/employee-area/activity/period.test.ts',
  'src/lib/api.test.ts',
  'src/lib/i18n.test.ts',
  'src/lib/socket.test.ts',
  'src/lib/exports.test.ts',
  'src/lib/answerTypes.contract.test.ts',
  'src/lib/search.test.ts',
  'src/lib/shiftTimes.test.ts',
];
