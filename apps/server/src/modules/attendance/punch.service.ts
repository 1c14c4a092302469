import { type GeoPoint, toLocal, workDateFor } from '@presente/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { type attendanceRecords, companies, employees, schedules, workLocations } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { emitPersonal, rooms } from '../../realtime/events.js';
import { distanceMetres, insideGeofence } from './geo.js';
import { expectCheckIn, punchBatching } from './punch-batch.js';
import { writeOne } from './punch-write.js';

export type PunchAction = 'check_in' | 'check_out';
/** With `auto`, a mark within this time of the check-in repeats the check-in instead of checking out. */
export const AUTO_CHECKOUT_AFTER_MS = 2 * 60_000;
export type PunchMethod = 'web' | 'face_recognition' | 'qr_code';

export interface PunchRequest {
  companyId: string;
  employeeId: string;
  /** check_in / check_out as asked; `auto` checks in when there is nothing today, else out (face kiosk). */
  action: PunchAction | 'auto';
  method: PunchMethod;
  at?: Date;
  location?: GeoPoint | null;
  evidence?: Record<string, unknown>;
  /**
   * The rotating QR a `qr_code` punch scanned (decision 0044): the work location it was shown at, and the code's
   * use, recorded inside the punch's transaction (a replay refused there undoes the whole punch).
   */
  qr?: { location: typeof workLocations.$inferSelect; claim: (tx: Pick<Db, 'insert' | 'delete'>) => Promise<void> };
  /**
   * Epoch ms after which the client no longer waits (decision 0056): checked just before the transaction commits, so
   * a punch is answered in time or not written (503 + Retry-After, and the client tries again).
   */
  deadline?: number;
  /** True once the client went away (an HTTP request aborted): checked with the deadline, just before the commit. */
  abandoned?: () => boolean;
  /** Called once this check-in is known to its company's batch lane (an HTTP check-in counted by `checkInArriving`). */
  seen?: () => void;
  /**
   * Runs inside the punch's transaction once the punch is written (a kiosk punch's review flag; decision 0061), so it
   * exists if and only if the punch does. Returns how many webhook deliveries it queued.
   */
  afterWrite?: (tx: Db, written: PunchWritten) => Promise<number>;
  /**
   * The employee, schedule and place already read by the caller in this request (the employee area's `loadSelf`):
   * the punch does not read them a second time (decision 0068).
   */
  known?: KnownEmployee;
}

/** What a punch reads of its employee before writing. */
export interface KnownEmployee {
  employee: typeof employees.$inferSelect;
  /** The assigned schedule when active (an inactive schedule counts as none). */
  schedule: typeof schedules.$inferSelect | null;
  location: typeof workLocations.$inferSelect | null;
  timezone: string;
  graceHours: number;
}

/** What an `afterWrite` hook is told of the punch just written. */
export interface PunchWritten {
  record: typeof attendanceRecords.$inferSelect;
  kind: PunchAction;
  at: Date;
  schedule: typeof schedules.$inferSelect | null;
  timezone: string;
}

/**
 * A test's view of the check-in race (decision 0064): `read` is awaited inside the transaction after the day's
 * row was read and before the insert (a barrier makes concurrent check-ins all read "no row" first), `lost` is
 * told when the insert met a concurrent one's row (the ON CONFLICT path). Absent in the product.
 */
export interface PunchRace {
  read?(tx: Db, found: boolean): Promise<void>;
  lost?(): void;
}

export interface PunchResult {
  action: PunchAction;
  /** True when the same punch had already been recorded (a retry or a double click). */
  repeated: boolean;
  record: typeof attendanceRecords.$inferSelect;
  status: string;
  employee: { id: string; name: string };
}

/** A punch whose rules were checked, ready to be written (punch-write.ts, or punch-batch.ts for a plain check-in). */
export interface PreparedPunch {
  req: PunchRequest;
  at: Date;
  employee: typeof employees.$inferSelect;
  schedule: typeof schedules.$inferSelect | null;
  location: typeof workLocations.$inferSelect | null;
  timezone: string;
  /** The shift's work date. */
  date: string;
  geo: { latitude: number; longitude: number; accuracy: number | null; distance: number | null } | null;
  receiptOf: { companyId: string; employeeId: string; email: string | null; method: PunchMethod; place: string | null };
}

/** What the write answers: before the presenter adds the status and the person. */
export type WriteResult = { action: PunchAction; repeated: boolean; record: typeof attendanceRecords.$inferSelect; webhooks?: number };

/** The employee's row, schedule and place, read once (or taken from `known`). */
async function readEmployee(db: Db, req: PunchRequest): Promise<KnownEmployee> {
  if (req.known) return req.known;
  const [row] = await db
    .select({ employee: employees, schedule: schedules, location: workLocations, timezone: companies.timezone, graceHours: companies.openRecordGraceHours })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(schedules, eq(schedules.id, employees.scheduleId))
    .leftJoin(workLocations, eq(workLocations.id, schedules.locationId))
    .where(and(eq(employees.id, req.employeeId), eq(employees.companyId, req.companyId), isNull(employees.deletedAt)));
  if (!row) throw new AppError('not_found', 'attendance.notEmployee');
  const schedule = row.schedule?.isActive ? row.schedule : null;
  return { employee: row.employee, schedule, location: schedule ? row.location : null, timezone: row.timezone, graceHours: row.graceHours };
}

/** The rules checked before any write: employee active, manual marking allowed, QR, geofence; the work date. */
async function preparePunch(db: Db, req: PunchRequest): Promise<PreparedPunch> {
  const at = req.at ?? new Date();
  const known = await readEmployee(db, req);
  if (known.employee.id !== req.employeeId || known.employee.companyId !== req.companyId) throw new AppError('not_found', 'attendance.notEmployee');
  const { employee, schedule, timezone } = known;
  if (employee.status !== 'ACTIVE') throw new AppError('forbidden', 'attendance.employeeInactive');
  if (req.method === 'web' && schedule && !schedule.allowManualAttendance) throw new AppError('manual_not_allowed', 'attendance.onlyFace');

  let location = schedule ? known.location : null;
  if (req.method === 'qr_code') {
    if (!req.qr || !schedule?.allowQrAttendance) throw new AppError('qr_not_allowed', 'qrPunch.notAllowed');
    if (location && location.id !== req.qr.location.id) {
      throw new AppError('qr_wrong_location', 'qrPunch.wrongLocation', { location: req.qr.location.name, expected: location.name });
    }
    location = req.qr.location;
  }
  let distance: number | null = null;
  // The QR shown at the site is the proof of presence; the phone's position, when it gives one, must still be inside the fence.
  if (location && (req.location || req.method !== 'qr_code')) {
    if (!req.location) throw new AppError('location_required', 'attendance.locationRequired');
    distance = Math.round(distanceMetres(req.location, location));
    if (!insideGeofence(distance, location.allowedRadius, req.location.accuracy)) {
      throw new AppError('outside_geofence', 'attendance.outsideGeofence', { distance, radius: location.allowedRadius, location: location.name });
    }
  }

  // After midnight, the previous night shift is still open up to its end + the company's grace (as the close job uses).
  const date = workDateFor(at, schedule, timezone, known.graceHours * 60);
  const geo = req.location ? { latitude: req.location.latitude, longitude: req.location.longitude, accuracy: req.location.accuracy ?? null, distance } : null;
  const receiptOf = { companyId: req.companyId, employeeId: employee.id, email: employee.email, method: req.method, place: location?.name ?? null };
  return { req, at, employee, schedule, location, timezone, date, geo, receiptOf };
}

/**
 * A plain check-in (asked as such, no QR claim, no hook inside the transaction, no test race) is written in a batch
 * with the company's other check-ins of the moment: one transaction, one lock of the chain head (decision 0068).
 */
const batchable = (req: PunchRequest) => req.action === 'check_in' && !req.qr && !req.afterWrite;

/**
 * Records a check-in or check-out for an employee, applying the schedule's rules in the company's
 * timezone: manual marking allowed, geofence, the shift's work date (night shifts), arrival status and
 * hours. One transaction; a unique (employee, work date) row makes retries and races safe.
 */
export async function punch(db: Db, deps: Pick<AppDeps, 'events' | 'wakeJobs'> & { race?: PunchRace }, req: PunchRequest): Promise<PunchResult> {
  const batch = punchBatching.enabled && batchable(req) && !deps.race ? expectCheckIn(db, req.companyId) : undefined;
  req.seen?.();
  let p: PreparedPunch;
  try {
    p = await preparePunch(db, req);
  } catch (err) {
    batch?.cancel();
    throw err;
  }
  const result = batch ? await batch.write(p) : await writeOne(db, deps.race, p);

  if (result.webhooks) deps.wakeJobs?.();
  const { employee, date, at, timezone } = p;
  if (!result.repeated) {
    const payload = { employeeId: employee.id, action: result.action, date, time: at.toISOString(), localTime: toLocal(at, timezone).time };
    emitPersonal(deps.events, req.companyId, employee.id, 'attendance_update', payload);
    deps.events.emit(rooms.employee(employee.id), 'activity_update', payload);
    deps.events.emit(rooms.superAdmin(), 'global_attendance_update', { companyId: req.companyId });
  }
  return { ...result, status: result.record.status ?? 'present', employee: { id: employee.id, name: `${employee.firstName} ${employee.lastName}` } };
}
