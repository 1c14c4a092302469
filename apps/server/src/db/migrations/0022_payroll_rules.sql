ALTER TABLE "attendance_records" ADD COLUMN "permission_unpaid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "overtime_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "overtime_approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payroll_rules" jsonb;