/** Rooms of the realtime layer (spec §7 socket). */
export const rooms = {
  company: (companyId: string) => `company_${companyId}`,
  companyAdmin: (companyId: string) => `company_admin_${companyId}`,
  employee: (employeeId: string) => `employee_${employeeId}`,
  superAdmin: () => 'super_admin',
};

/**
 * Emits realtime events. Services call it only after their transaction commits.
 * The Socket.IO server plugs in its implementation; without one, events go nowhere.
 */
export interface Events {
  emit(room: string, event: string, payload: unknown): void;
}

export function recordingEvents(): Events & { emitted: { room: string; event: string; payload: unknown }[] } {
  const emitted: { room: string; event: string; payload: unknown }[] = [];
  return { emitted, emit: (room, event, payload) => void emitted.push({ room, event, payload }) };
}
