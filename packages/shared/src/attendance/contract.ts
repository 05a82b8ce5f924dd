// The clock-in points' request and answer schemas (`/api/auth/clock/coordinates/*`). The server validates and
// documents with them; the web imports only their types.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zLatitude, zLongitude, zRequiredSelect, zRequiredString } from '../validation';
import {
  DATUMS,
  POINT_NAME_MAX,
  RADIUS_DEFAULT,
  RADIUS_MAX,
  RADIUS_MIN,
  attendanceLabels,
  attendanceMessages,
} from './rules';

export const clockPoint = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  store_name: z.string(),
  name: z.string(),
  /** As entered, in `datum`. */
  latitude: z.number(),
  longitude: z.number(),
  datum: z.enum(DATUMS),
  /** The fence radius in metres. */
  radius: z.number().int(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type ClockPoint = z.infer<typeof clockPoint>;

const datum = z.enum(DATUMS, { error: selectMessage(attendanceLabels.datum) });

const pointFields = {
  store_id: zRequiredSelect(attendanceLabels.store),
  name: zRequiredString(attendanceLabels.name, { max: POINT_NAME_MAX }),
  latitude: zLatitude,
  longitude: zLongitude,
  datum,
  radius: z.coerce
    .number({ error: attendanceMessages.radiusRange })
    .int(attendanceMessages.radiusRange)
    .min(RADIUS_MIN, attendanceMessages.radiusRange)
    .max(RADIUS_MAX, attendanceMessages.radiusRange)
    .optional()
    .default(RADIUS_DEFAULT),
  enabled: z
    .boolean({ error: selectMessage(attendanceLabels.enabled) })
    .optional()
    .default(true),
};

/** `POST clock/coordinates/store`. */
export const clockPointStoreBody = z.object(pointFields);
export type ClockPointStoreInput = z.input<typeof clockPointStoreBody>;
export type ClockPointStoreBody = z.infer<typeof clockPointStoreBody>;

/** `PUT clock/coordinates/update`: the whole point again. */
export const clockPointUpdateBody = z.object({ id: zRequiredSelect(attendanceLabels.point), ...pointFields });
export type ClockPointUpdateInput = z.input<typeof clockPointUpdateBody>;
export type ClockPointUpdateBody = z.infer<typeof clockPointUpdateBody>;

export const clockPointIdBody = z.object({ id: zRequiredSelect(attendanceLabels.point) });

/** `POST clock/coordinates/check`: is this position inside one of the store's fences? */
export const fenceCheckBody = z.object({
  store_id: zRequiredSelect(attendanceLabels.store),
  latitude: zLatitude,
  longitude: zLongitude,
  datum,
});
export type FenceCheckInput = z.input<typeof fenceCheckBody>;

export const fenceCheckAnswer = z.object({
  /** Inside the fence of an enabled point of the store. */
  inside: z.boolean(),
  /** The nearest enabled point, and the distance to it in whole metres (WGS-84, great circle). */
  point: z.object({ id: z.number().int(), name: z.string(), radius: z.number().int() }).nullable(),
  distance: z.number().int().nullable(),
});
export type FenceCheckAnswer = z.infer<typeof fenceCheckAnswer>;
