CREATE TABLE "punch_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"chain_seq" bigint NOT NULL,
	"code" varchar(12) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"date" varchar(10) NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"method" varchar(20) NOT NULL,
	"place" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punch_receipts" ADD CONSTRAINT "punch_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punch_receipts" ADD CONSTRAINT "punch_receipts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punch_receipts_code_idx" ON "punch_receipts" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "punch_receipts_employee_idx" ON "punch_receipts" USING btree ("company_id","employee_id","created_at");
--> statement-breakpoint
SELECT presente_protect_table('punch_receipts');
