/** Rooms of the realtime layer (spec §7 socket). */
export const rooms = {
  /** Everyone of the company, employees included: only company-wide events (COMPANY_WIDE_EVENTS). */
  company: (companyId: string) => `company_${companyId}`,
  companyAdmin: (companyId: string) => `company_admin_${companyId}`,
  employee: (employeeId: string) => `employee_${employeeId}`,
  superAdmin: () => 'super_admin',
  /** Every socket opened with one login session: it is disconnected when that session ends. */
  session: (sessionId: string) => `session_${sessionId}`,
};

/** Events that say nothing about one person: every member of the company may receive them. */
export const COMPANY_WIDE_EVENTS: ReadonlySet<string> = new Set([
  'company_update',
  'schedule_update',
  'department_update',
  'work_location_update',
  'holiday_update',
]);

/**
 * Where an event really goes: the company room carries only company-wide events, so an event about
 * someone (attendance_update, employee_update, ...) addressed to it reaches the company's admins only.
 */
export function deliveryRoom(room: string, event: string): string {
  const companyId = room.startsWith('company_') && !room.startsWith('company_admin_') ? room.slice('company_'.length) : null;
  return companyId && !COMPANY_WIDE_EVENTS.has(event) ? rooms.companyAdmin(companyId) : room;
}

/**
 * Emits realtime events. Services call it only after their transaction commits.
 * The Socket.IO server plugs in its implementation; without one, events go nowhere.
 */
export interface Events {
  emit(room: string, event: string, payload: unknown): void;
  /** Disconnects every socket in these rooms, on every server process (through the Redis adapter). */
  disconnect(rooms: string[]): void;
}

/** An event about one employee: the company's admins and that employee, never the colleagues. */
export function emitPersonal(events: Events, companyId: string, employeeId: string, event: string, payload: unknown): void {
  events.emit(rooms.companyAdmin(companyId), event, payload);
  events.emit(rooms.employee(employeeId), event, payload);
}

/**
 * A change the super admin's screens show (a company's employee counts, its admin, the platform totals):
 * the companies table refreshes on company_update, the overview cards on system_stats_update.
 */
export function emitPlatformChange(events: Events, companyId: string, action: string): void {
  events.emit(rooms.superAdmin(), 'company_update', { action, companyId });
  events.emit(rooms.superAdmin(), 'system_stats_update', { reason: action, companyId });
}

export function recordingEvents(): Events & { emitted: { room: string; event: string; payload: unknown }[]; disconnected: string[] } {
  const emitted: { room: string; event: string; payload: unknown }[] = [];
  const disconnected: string[] = [];
  return {
    emitted,
    disconnected,
    emit: (room, event, payload) => void emitted.push({ room, event, payload }),
    disconnect: (list) => void disconnected.push(...list),
  };
}
