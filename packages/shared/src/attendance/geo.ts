// Positions on the earth for the clock-in fence: GCJ-02 back to WGS-84, and the distance between two points.
// A phone reports WGS-84; a point read off a Chinese map is GCJ-02, shifted by 100-200 m, which against a 300 m
// fence decides most edge cases: every comparison is made in WGS-84.

export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
/** The Krasovsky 1940 ellipsoid GCJ-02 is defined on. */
const KRASOVSKY_A = 6_378_245.0;
const KRASOVSKY_EE = 0.006_693_421_622_965_943;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** GCJ-02 shifts only positions inside mainland China (roughly its bounding box). */
export const outsideChina = ({ latitude, longitude }: Position) =>
  longitude < 72.004 || longitude > 137.8347 || latitude < 0.8293 || latitude > 55.8271;

function shiftLatitude(x: number, y: number) {
  let shift = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  shift += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  shift += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  shift += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return shift;
}

function shiftLongitude(x: number, y: number) {
  let shift = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  shift += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  shift += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  shift += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return shift;
}

/** The GCJ-02 offset of a WGS-84 position. */
function offsetOf({ latitude, longitude }: Position): Position {
  const x = longitude - 105;
  const y = latitude - 35;
  const radLat = radians(latitude);
  const magic = 1 - KRASOVSKY_EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return {
    latitude:
      (shiftLatitude(x, y) * 180) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI),
    longitude: (shiftLongitude(x, y) * 180) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI),
  };
}

/** WGS-84 to GCJ-02 (what a Chinese map shows for a GPS position). */
export function wgs84ToGcj02(position: Position): Position {
  if (outsideChina(position)) return position;
  const offset = offsetOf(position);
  return { latitude: position.latitude + offset.latitude, longitude: position.longitude + offset.longitude };
}

/**
 * GCJ-02 back to WGS-84. The shift has no closed inverse: a few rounds of "subtract the shift of the current
 * guess" bring the error far below a centimetre.
 */
export function gcj02ToWgs84(position: Position): Position {
  if (outsideChina(position)) return position;
  let guess = position;
  for (let round = 0; round < 6; round += 1) {
    const shifted = wgs84ToGcj02(guess);
    guess = {
      latitude: guess.latitude - (shifted.latitude - position.latitude),
      longitude: guess.longitude - (shifted.longitude - position.longitude),
    };
  }
  return guess;
}

/** A position in WGS-84, from either datum. */
export const toWgs84 = (position: Position, datum: 'wgs84' | 'gcj02'): Position =>
  datum === 'gcj02' ? gcj02ToWgs84(position) : position;

/** The great-circle (haversine) distance in metres. */
export function distanceMeters(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
