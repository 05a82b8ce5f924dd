ALTER TABLE "sessions" ADD COLUMN "login_mode" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "closing_at" timestamp with time zone;