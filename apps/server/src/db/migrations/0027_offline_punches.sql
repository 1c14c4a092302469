ALTER TABLE "paired_kiosks" ADD COLUMN "last_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paired_kiosks" ADD COLUMN "offline_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paired_kiosks" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;