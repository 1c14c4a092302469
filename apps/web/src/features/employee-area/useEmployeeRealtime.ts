import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/useRealtime';
import { employeeKeys } from './api';

/**
 * activity_update reaches only this employee's room and means their own attendance or data changed
 * (a kiosk check-in, an admin's edit): refresh every employee-area query, not only the activity list.
 * The app-wide realtime layer already covers attendance_update, employee_update (re-verifying the session
 * on profile_updated) and schedule_update through the query keys.
 */
export function useEmployeeRealtime(): void {
  const queryClient = useQueryClient();
  useRealtime(['activity_update'], () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all }));
}
