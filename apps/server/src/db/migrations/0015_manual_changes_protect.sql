-- Manual changes (decision 0039): the earlier ones, from the activity log's manual entries (created, edited,
-- deleted records and permissions), all pending the worker's answer; then the table joins row-level security
-- (decision 0030) and the closed-register guard (decision 0034).
INSERT INTO manual_changes (company_id, employee_id, record_id, date, action, author_user_id, author_name, reason, previous, next, created_at)
SELECT a.company_id, a.employee_id,
  coalesce(
    (SELECT r.id FROM attendance_records r WHERE r.company_id = a.company_id AND r.employee_id = a.employee_id AND r.date = (a.details->>'date')::date),
    nullif(a.details->'deletedRecord'->>'id', '')::uuid,
    (SELECT ar.id FROM attendance_archive ar WHERE ar.company_id = a.company_id AND ar.employee_id = a.employee_id AND ar.date = (a.details->>'date')::date LIMIT 1),
    gen_random_uuid()),
  (a.details->>'date')::date,
  CASE WHEN a.details ? 'deletedRecord' THEN 'deleted' WHEN jsonb_typeof(a.details->'previousValues') = 'object' THEN 'updated' ELSE 'created' END,
  a.actor_user_id,
  coalesce(u.name, u.email, ''),
  nullif(trim(a.details->>'reason'), ''),
  CASE WHEN jsonb_typeof(a.details->'previousValues') = 'object' THEN a.details->'previousValues' END,
  CASE WHEN jsonb_typeof(a.details->'changes') = 'object' THEN a.details->'changes' END,
  a.created_at
FROM activity_log a
LEFT JOIN users u ON u.id = a.actor_user_id
WHERE a.type IN ('attendance_edit', 'permission_granted') AND a.details->>'method' = 'manual' AND a.employee_id IS NOT NULL
  AND a.details->>'date' ~ '^\d{4}-\d{2}-\d{2}$';
--> statement-breakpoint
SELECT presente_protect_table('manual_changes');
--> statement-breakpoint
CREATE TRIGGER manual_changes_closed_guard BEFORE INSERT OR UPDATE OR DELETE ON manual_changes
  FOR EACH ROW EXECUTE FUNCTION presente_closed_register_guard();
