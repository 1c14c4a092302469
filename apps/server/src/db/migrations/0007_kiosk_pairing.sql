CREATE TABLE "kiosk_frame_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paired_kiosks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(120) NOT NULL,
	"public_key" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_ip" varchar(64),
	"last_location" jsonb,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "face_challenges" ADD COLUMN "kiosk_id" uuid;--> statement-breakpoint
ALTER TABLE "kiosk_frame_hashes" ADD CONSTRAINT "kiosk_frame_hashes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paired_kiosks" ADD CONSTRAINT "paired_kiosks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paired_kiosks" ADD CONSTRAINT "paired_kiosks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_frame_hashes_company_idx" ON "kiosk_frame_hashes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "kiosk_frame_hashes_created_idx" ON "kiosk_frame_hashes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairing_codes_hash_uq" ON "kiosk_pairing_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "kiosk_pairing_codes_company_idx" ON "kiosk_pairing_codes" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "paired_kiosks_company_idx" ON "paired_kiosks" USING btree ("company_id","created_at");