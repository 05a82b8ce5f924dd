ALTER TABLE "attendance_days" ADD COLUMN "leave_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_groups" ADD COLUMN "hourly_leave_types" jsonb DEFAULT '["personal","sick","lieu"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "unit" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "start_minute" smallint;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD COLUMN "end_minute" smallint;