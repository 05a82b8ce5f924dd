import { describe, expect, it } from 'vitest';
import { distanceMeters, gcj02ToWgs84, outsideChina, toWgs84, wgs84ToGcj02 } from './geo';

describe('positions for the clock-in fence', () => {
  const tiananmen = { latitude: 39.908692, longitude: 116.397477 };

  it('measures a great circle: one degree of latitude is about 111.2 km, a point to itself 0', () => {
    expect(distanceMeters({ latitude: 30, longitude: 120 }, { latitude: 31, longitude: 120 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(distanceMeters(tiananmen, tiananmen)).toBe(0);
    // Shanghai's People's Square to the Bund: about 1.5 km.
    const distance = distanceMeters(
      { latitude: 31.2304, longitude: 121.4737 },
      { latitude: 31.2397, longitude: 121.4906 },
    );
    expect(distance).toBeGreaterThan(1_800);
    expect(distance).toBeLessThan(2_000);
  });

  it('shifts a mainland position by the GCJ-02 offset, a few hundred metres, and leaves one abroad as it is', () => {
    const shifted = wgs84ToGcj02(tiananmen);
    // The published GCJ-02 of this spot reads about 39.9101, 116.4037.
    expect(shifted.latitude).toBeCloseTo(39.9101, 3);
    expect(shifted.longitude).toBeCloseTo(116.4037, 3);
    const offset = distanceMeters(tiananmen, shifted);
    expect(offset).toBeGreaterThan(100);
    expect(offset).toBeLessThan(700);
    const tokyo = { latitude: 35.6812, longitude: 139.7671 };
    expect(outsideChina(tokyo)).toBe(true);
    expect(wgs84ToGcj02(tokyo)).toEqual(tokyo);
  });

  it('brings GCJ-02 back to WGS-84 within a centimetre', () => {
    for (const position of [
      tiananmen,
      { latitude: 22.5431, longitude: 114.0579 },
      { latitude: 45.8038, longitude: 126.535 },
    ]) {
      const back = gcj02ToWgs84(wgs84ToGcj02(position));
      expect(distanceMeters(back, position)).toBeLessThan(0.01);
    }
    expect(toWgs84(tiananmen, 'wgs84')).toEqual(tiananmen);
  });
});
