import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DATUMS } from '@dealer-hr/shared/attendance/rules';
import { id, timestamps } from './columns';
import { stores } from './organisation';

/**
 * A clock-in point (打卡地点) of a store: a punch within `radius` metres of an enabled point of the person's store
 * is inside the fence. The position is kept as entered (in `datum`) and in WGS-84, in which every distance is
 * measured (docs/domain.md "Attendance").
 */
export const clockPoints = pgTable(
  'clock_points',
  {
    id: id(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    name: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    datum: text({ enum: DATUMS }).notNull(),
    wgsLatitude: doublePrecision().notNull(),
    wgsLongitude: doublePrecision().notNull(),
    radius: integer().notNull(),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clock_points_store_name_key').on(t.storeId, t.name),
    index('clock_points_store_idx').on(t.storeId),
  ],
);
