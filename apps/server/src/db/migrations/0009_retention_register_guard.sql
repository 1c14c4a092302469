-- A closed company's attendance register is read-only (decision 0034): no insert, update or delete of its
-- records, deleted-record archive or workers, except by the closing itself and the 5-year retention purge,
-- which set `presente.register_write` = 'on' for their own transaction (SET LOCAL).
CREATE OR REPLACE FUNCTION presente_closed_register_guard() RETURNS trigger AS $$
DECLARE
  cid uuid;
BEGIN
  IF coalesce(current_setting('presente.register_write', true), '') = 'on' THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  IF TG_OP = 'DELETE' THEN cid := OLD.company_id; ELSE cid := NEW.company_id; END IF;
  IF EXISTS (SELECT 1 FROM companies WHERE id = cid AND closed_at IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND OLD.company_id IS DISTINCT FROM NEW.company_id
         AND EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id AND closed_at IS NOT NULL)) THEN
    RAISE EXCEPTION 'company_closed: the attendance register of a closed company is read-only'
      USING ERRCODE = 'P0400';
  END IF;
  RETURN coalesce(NEW, OLD);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attendance_records_closed_guard BEFORE INSERT OR UPDATE OR DELETE ON attendance_records
  FOR EACH ROW EXECUTE FUNCTION presente_closed_register_guard();
--> statement-breakpoint
CREATE TRIGGER attendance_archive_closed_guard BEFORE INSERT OR UPDATE OR DELETE ON attendance_archive
  FOR EACH ROW EXECUTE FUNCTION presente_closed_register_guard();
--> statement-breakpoint
CREATE TRIGGER employees_closed_guard BEFORE INSERT OR UPDATE OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION presente_closed_register_guard();
