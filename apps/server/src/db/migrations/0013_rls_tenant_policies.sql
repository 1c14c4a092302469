-- Row-level security as a second wall (decision 0030). Requests of a company run as presente_tenant with
-- app.company_id set (db/tenant.ts); every table with a company_id column shows and accepts only that
-- company's rows. The owner (migrations, jobs, super admin, sign-in) is a member of presente_bypass, whose
-- policy sees everything: with FORCE, even the owner goes through a policy, so the bypass is explicit.
-- Roles are cluster-wide: made once, kept if they exist (a DBA may create them first when DATABASE_URL's
-- user has no CREATEROLE).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'presente_tenant') THEN
    BEGIN
      CREATE ROLE presente_tenant NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'presente_bypass') THEN
    BEGIN
      CREATE ROLE presente_bypass NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'presente_tenant', 'MEMBER') THEN
    EXECUTE format('GRANT presente_tenant TO %I', current_user);
  END IF;
  IF NOT pg_has_role(current_user, 'presente_bypass', 'MEMBER') THEN
    EXECUTE format('GRANT presente_bypass TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO presente_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO presente_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO presente_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO presente_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO presente_tenant;
--> statement-breakpoint
-- Protecting a table is one line in a migration: SELECT presente_protect_table('my_table');
-- (db/rls.test.ts fails while a table with a company_id column is not protected.)
CREATE OR REPLACE FUNCTION presente_protect_table(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS presente_tenant_isolation ON %s', t);
  EXECUTE format('DROP POLICY IF EXISTS presente_bypass ON %s', t);
  -- A missing or empty setting matches no row (nullif: no cast error), so a forgotten tenant sees nothing.
  EXECUTE format(
    'CREATE POLICY presente_tenant_isolation ON %s AS PERMISSIVE FOR ALL TO presente_tenant '
    'USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) '
    'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)', t);
  EXECUTE format('CREATE POLICY presente_bypass ON %s AS PERMISSIVE FOR ALL TO presente_bypass USING (true) WITH CHECK (true)', t);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO presente_tenant', t);
END $$;
--> statement-breakpoint
-- Every table with a company_id column at this point (those of other branches merged before this one too).
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS t FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p')
  LOOP
    PERFORM presente_protect_table(r.t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Emails are unique platform-wide (decision 0002): a company's request asks whether an email is taken by an
-- account of ANY company without seeing those accounts. Only the taken emails come back, nothing else.
CREATE OR REPLACE FUNCTION presente_emails_taken(emails text[], except_user uuid) RETURNS SETOF text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT lower(u.email)::text FROM users u
  WHERE lower(u.email) = ANY (emails) AND (except_user IS NULL OR u.id <> except_user)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION presente_emails_taken(text[], uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION presente_emails_taken(text[], uuid) TO presente_tenant;
