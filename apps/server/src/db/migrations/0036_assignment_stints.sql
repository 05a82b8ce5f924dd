ALTER TABLE "assignments" ADD COLUMN "stint_start" date;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "ends_employment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "moves_store" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The marks of the rows there are (db/stints.ts keeps them from now on).
UPDATE "assignments" t
SET stint_start = marks.stint_start, ends_employment = marks.ends_employment, moves_store = marks.moves_store
FROM (
  SELECT a.id,
    (SELECT max(h.start_date) FROM "assignments" h
      WHERE h.employee_id = a.employee_id AND h.is_main AND h.start_date <= a.start_date
        AND NOT EXISTS (
          SELECT 1 FROM "assignments" q
          WHERE q.employee_id = h.employee_id AND q.is_main AND q.end_date = h.start_date - 1
        )) AS stint_start,
    a.end_date IS NOT NULL AND next.id IS NULL AS ends_employment,
    next.id IS NOT NULL AND next.store_id IS DISTINCT FROM a.store_id AS moves_store
  FROM "assignments" a
  LEFT JOIN LATERAL (
    SELECT p.id, p.store_id FROM "assignments" p
    WHERE p.employee_id = a.employee_id AND p.is_main AND p.start_date = a.end_date + 1
    LIMIT 1
  ) next ON true
  WHERE a.is_main
) marks
WHERE t.id = marks.id;
