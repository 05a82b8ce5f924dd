ALTER TABLE "onboarding_entries" ADD COLUMN "id_number_sealed" text;--> statement-breakpoint
ALTER TABLE "onboarding_entries" ADD COLUMN "id_number_index" text;--> statement-breakpoint
ALTER TABLE "onboarding_entries" ADD COLUMN "id_number_masked" text;