CREATE TABLE "face_consent_codes" (
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "method" varchar(20) DEFAULT 'admin_legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "signed_name" varchar(200);--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "signed_document" varchar(20);--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "user_agent" varchar(400);--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "face_consents" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "face_consent_codes" ADD CONSTRAINT "face_consent_codes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_consent_codes" ADD CONSTRAINT "face_consent_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_consent_codes" ADD CONSTRAINT "face_consent_codes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;