import { toWgs84 } from '@dealer-hr/shared/attendance/geo';
import { RADIUS_DEFAULT } from '@dealer-hr/shared/attendance/rules';
import type { Database } from '../client';
import { clockPoints } from '../schema';

// The demo stores' clock-in points: the showroom at the store's address (read off a Chinese map, so GCJ-02),
// and for every third store an after-sales workshop 400 m north-east of it with a smaller fence.

/** About 400 m north-east at these latitudes. */
const WORKSHOP_OFFSET = { latitude: 0.0026, longitude: 0.003 };

interface StoreAt {
  id: number;
  latitude: string;
  longitude: string;
}

export async function seedDemoClockPoints(db: Database, stores: readonly StoreAt[]) {
  const points = stores.flatMap((store, index) => {
    const showroom = { latitude: Number(store.latitude), longitude: Number(store.longitude) };
    const places = [{ name: '展厅', at: showroom, radius: RADIUS_DEFAULT }];
    if (index % 3 === 0)
      places.push({
        name: '售后车间',
        at: {
          latitude: showroom.latitude + WORKSHOP_OFFSET.latitude,
          longitude: showroom.longitude + WORKSHOP_OFFSET.longitude,
        },
        radius: 200,
      });
    return places.map(({ name, at, radius }) => {
      const wgs = toWgs84(at, 'gcj02');
      return {
        storeId: store.id,
        name,
        latitude: at.latitude,
        longitude: at.longitude,
        datum: 'gcj02' as const,
        wgsLatitude: wgs.latitude,
        wgsLongitude: wgs.longitude,
        radius,
      };
    });
  });
  await db.insert(clockPoints).values(points);
  return { clockPoints: points.length };
}
