-- hand-written: employee codes become unique per company whatever their case (next migration). Codes of live employees
-- that differ only in case (A1 / a1) keep the oldest as it is; the others get a suffix (a1-2, ...) so the index can be built.
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY company_id, lower(employee_code) ORDER BY created_at, id) AS n
  FROM employees
  WHERE deleted_at IS NULL
)
UPDATE employees e
SET employee_code = left(e.employee_code, 36) || '-' || r.n, updated_at = now()
FROM ranked r
WHERE e.id = r.id AND r.n > 1;
