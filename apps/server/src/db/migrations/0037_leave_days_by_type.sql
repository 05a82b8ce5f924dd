ALTER TABLE "attendance_days" ADD COLUMN "leave_days" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The days built before: their leave under their one type (half days, and hours at eight a day).
UPDATE "attendance_days"
SET "leave_days" = jsonb_build_object("leave_type",
  (CASE "leave" WHEN 'full' THEN 1 WHEN 'am' THEN 0.5 WHEN 'pm' THEN 0.5 ELSE 0 END) + "leave_minutes"::float8 / 480)
WHERE "leave_type" IS NOT NULL;
