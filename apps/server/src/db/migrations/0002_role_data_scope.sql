ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'subtree' NOT NULL;--> statement-breakpoint
-- Roles that existed before data scopes keep seeing what they saw: the whole group for super and HR admins.
UPDATE "roles" SET "data_scope" = 'all' WHERE "is_super" OR "key" = 'hr-admin';
