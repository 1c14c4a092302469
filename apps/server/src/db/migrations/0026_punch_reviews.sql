CREATE TABLE "punch_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"punched_at" timestamp with time zone NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"resolution" varchar(10),
	"note" text
);
--> statement-breakpoint
ALTER TABLE "punch_reviews" ADD CONSTRAINT "punch_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punch_reviews_record_kind_uq" ON "punch_reviews" USING btree ("company_id","record_id","kind");--> statement-breakpoint
CREATE INDEX "punch_reviews_open_idx" ON "punch_reviews" USING btree ("company_id","created_at") WHERE "punch_reviews"."resolved_at" is null;--> statement-breakpoint
SELECT presente_protect_table('punch_reviews');
