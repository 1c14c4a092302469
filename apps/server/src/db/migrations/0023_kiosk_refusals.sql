CREATE TABLE "kiosk_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"kiosk_id" uuid,
	"employee_id" uuid,
	"code" varchar(40) NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosk_refusals" ADD CONSTRAINT "kiosk_refusals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_refusals_company_idx" ON "kiosk_refusals" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "kiosk_refusals_created_idx" ON "kiosk_refusals" USING btree ("created_at");
--> statement-breakpoint
SELECT presente_protect_table('kiosk_refusals');
