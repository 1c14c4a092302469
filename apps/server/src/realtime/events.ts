/** Rooms of the realtime layer (spec §7 socket). */
export const rooms = {
  /** Everyone of the company, employees included: only company-wide events (COMPANY_WIDE_EVENTS). */
  company: (companyId: string) => `company_${companyId}`,
  companyAdmin: (companyId: string) => `company_admin_${companyId}`,
  employee: (employeeId: string) => `employee_${employeeId}`,
  superAdmin: () => 'super_admin',
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
}

/** An event about one employee: the company's admins and that employee, never the colleagues. */
export function emitPersonal(events: Events, companyId: string, employeeId: string, event: string, payload: unknown): void {
  events.emit(rooms.companyAdmin(companyId), event, payload);
  events.emit(rooms.employee(employeeId), event, payload);
}

export function recordingEvents(): Events & { emitted: { room: string; event: string; payload: unknown }[] } {
  const emitted: { room: string; event: string; payload: unknown }[] = [];
  return { emitted, emit: (room, event, payload) => void emitted.push({ room, event, payload }) };
}
