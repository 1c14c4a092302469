ALTER TABLE "face_photos" ALTER COLUMN "jpeg" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "face_templates" ALTER COLUMN "descriptor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "face_photos" ADD COLUMN "sealed" "bytea";--> statement-breakpoint
ALTER TABLE "face_templates" ADD COLUMN "sealed" "bytea";