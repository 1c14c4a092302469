CREATE TABLE "manual_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"date" date NOT NULL,
	"action" varchar(10) NOT NULL,
	"author_user_id" uuid,
	"author_name" varchar(200) NOT NULL,
	"reason" text,
	"previous" jsonb,
	"next" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" varchar(10) DEFAULT 'pending' NOT NULL,
	"answer_comment" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "manual_changes_dispute_comment" CHECK ("manual_changes"."answer" <> 'disputed' or length(trim("manual_changes"."answer_comment")) > 0)
);
--> statement-breakpoint
ALTER TABLE "manual_changes" ADD CONSTRAINT "manual_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_changes" ADD CONSTRAINT "manual_changes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_changes" ADD CONSTRAINT "manual_changes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_changes_company_date_idx" ON "manual_changes" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "manual_changes_employee_idx" ON "manual_changes" USING btree ("company_id","employee_id","created_at");