CREATE TABLE "qr_punch_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"code_mac" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "allow_qr_attendance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_punch_uses" ADD CONSTRAINT "qr_punch_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_punch_uses" ADD CONSTRAINT "qr_punch_uses_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_punch_uses_employee_code_uq" ON "qr_punch_uses" USING btree ("company_id","employee_id","code_mac");--> statement-breakpoint
CREATE INDEX "qr_punch_uses_expires_idx" ON "qr_punch_uses" USING btree ("company_id","expires_at");--> statement-breakpoint
SELECT presente_protect_table('qr_punch_uses');
