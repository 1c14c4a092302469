CREATE TABLE "attendance_archive" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"record" jsonb NOT NULL,
	"deleted_by_user_id" uuid,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_schedule_periods" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"active" boolean NOT NULL,
	"schedule_id" uuid,
	"schedule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_schedule_periods_employee_id_valid_from_pk" PRIMARY KEY("employee_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "attendance_archive" ADD CONSTRAINT "attendance_archive_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_archive" ADD CONSTRAINT "attendance_archive_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_archive" ADD CONSTRAINT "attendance_archive_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedule_periods" ADD CONSTRAINT "employee_schedule_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_schedule_periods" ADD CONSTRAINT "employee_schedule_periods_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_archive_company_employee_idx" ON "attendance_archive" USING btree ("company_id","employee_id","date");--> statement-breakpoint
CREATE INDEX "employee_periods_company_idx" ON "employee_schedule_periods" USING btree ("company_id","valid_from");--> statement-breakpoint
-- hand-written: one period per existing employee from their current state (from the hire date, or the day they were added when earlier); a deleted employee is taken as active (with their schedule) until the day they were deleted and inactive from that day (modules/attendance/periods.ts builds the same snapshot)
INSERT INTO "employee_schedule_periods" ("company_id", "employee_id", "valid_from", "active", "schedule_id", "schedule")
SELECT e."company_id", e."id", least(coalesce(e."hire_date", (e."created_at" AT TIME ZONE c."timezone")::date), (e."created_at" AT TIME ZONE c."timezone")::date),
  CASE WHEN e."deleted_at" IS NULL THEN e."status" = 'ACTIVE' ELSE true END,
  e."schedule_id",
  CASE WHEN s."is_active" THEN jsonb_build_object('name', s."name", 'startTime', s."start_time", 'endTime', s."end_time", 'breakStartTime', s."break_start_time", 'breakEndTime', s."break_end_time", 'workDays', s."work_days", 'lateToleranceMinutes', s."late_tolerance_minutes", 'allowEarlyCheckIn', s."allow_early_check_in", 'earlyCheckInMinutes', s."early_check_in_minutes", 'countActualTime', s."count_actual_time") END
FROM "employees" e
JOIN "companies" c ON c."id" = e."company_id"
LEFT JOIN "schedules" s ON s."id" = e."schedule_id" AND s."company_id" = e."company_id"
WHERE e."deleted_at" IS NULL OR least(coalesce(e."hire_date", (e."created_at" AT TIME ZONE c."timezone")::date), (e."created_at" AT TIME ZONE c."timezone")::date) < (e."deleted_at" AT TIME ZONE c."timezone")::date
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "employee_schedule_periods" ("company_id", "employee_id", "valid_from", "active", "schedule_id", "schedule")
SELECT e."company_id", e."id", (e."deleted_at" AT TIME ZONE c."timezone")::date, false, e."schedule_id",
  CASE WHEN s."is_active" THEN jsonb_build_object('name', s."name", 'startTime', s."start_time", 'endTime', s."end_time", 'breakStartTime', s."break_start_time", 'breakEndTime', s."break_end_time", 'workDays', s."work_days", 'lateToleranceMinutes', s."late_tolerance_minutes", 'allowEarlyCheckIn', s."allow_early_check_in", 'earlyCheckInMinutes', s."early_check_in_minutes", 'countActualTime', s."count_actual_time") END
FROM "employees" e
JOIN "companies" c ON c."id" = e."company_id"
LEFT JOIN "schedules" s ON s."id" = e."schedule_id" AND s."company_id" = e."company_id"
WHERE e."deleted_at" IS NOT NULL
ON CONFLICT DO NOTHING;
