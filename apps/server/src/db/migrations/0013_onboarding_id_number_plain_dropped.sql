-- Every entry was sealed just before this migration, by the data step the server runs between 0012 and 0013
-- (db/data-steps.ts), as for employees in 0011.
DROP INDEX "onboarding_open_id_number_key";--> statement-breakpoint
ALTER TABLE "onboarding_entries" ALTER COLUMN "id_number_sealed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_entries" ALTER COLUMN "id_number_index" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_entries" ALTER COLUMN "id_number_masked" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_open_id_number_key" ON "onboarding_entries" USING btree ("id_number_index") WHERE "onboarding_entries"."status" <> 'approved';--> statement-breakpoint
ALTER TABLE "onboarding_entries" DROP COLUMN "id_number";--> statement-breakpoint
-- The personal step's drafts kept the number as typed; drafts leave it out now.
UPDATE "drafts" SET "data" = "data" - 'id_number' WHERE "data" ? 'id_number';
