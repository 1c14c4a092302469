CREATE TABLE "face_photos" (
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "face_photos" ADD CONSTRAINT "face_photos_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_photos" ADD CONSTRAINT "face_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_photos_company_idx" ON "face_photos" USING btree ("company_id");--> statement-breakpoint
-- hand-written: employees already inactive or deleted lose their face data, as every deactivation now does (the billing downgrade used to keep it; decision 0015)
UPDATE "face_consents" AS fc SET "withdrawn_at" = now(), "withdrawn_reason" = CASE WHEN e."deleted_at" IS NULL THEN 'employee_deactivated' ELSE 'employee_deleted' END FROM "employees" AS e WHERE e."id" = fc."employee_id" AND fc."withdrawn_at" IS NULL AND (e."status" <> 'ACTIVE' OR e."deleted_at" IS NOT NULL);
--> statement-breakpoint
DELETE FROM "face_templates" AS ft USING "employees" AS e WHERE e."id" = ft."employee_id" AND (e."status" <> 'ACTIVE' OR e."deleted_at" IS NOT NULL);
--> statement-breakpoint
DELETE FROM "face_profiles" AS fp USING "employees" AS e WHERE e."id" = fp."employee_id" AND (e."status" <> 'ACTIVE' OR e."deleted_at" IS NOT NULL);
