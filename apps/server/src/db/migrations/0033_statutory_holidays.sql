ALTER TABLE "holiday_calendar" ADD COLUMN "statutory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seeded 2026 arrangement's statutory days (全国年节及纪念日放假办法, 2025: 13 days); its other days off
-- are weekends moved. Later years are marked by an administrator with the calendar.
UPDATE "holiday_calendar" SET "statutory" = true
WHERE "kind" = 'holiday' AND "day" IN ('2026-01-01', '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19',
  '2026-04-05', '2026-05-01', '2026-05-02', '2026-06-19', '2026-09-25', '2026-10-01', '2026-10-02', '2026-10-03');
