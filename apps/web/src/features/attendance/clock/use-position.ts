import { useEffect, useState } from 'react';

export interface PhonePosition {
  latitude: number;
  longitude: number;
  /** Metres, as the device reports it. */
  accuracy: number;
}

export type PositionState =
  | { status: 'locating' }
  | { status: 'located'; position: PhonePosition }
  | { status: 'denied' | 'unavailable' | 'unsupported' };

/**
 * The phone's position as the browser's geolocation reports it (WGS-84), followed while the page is open so
 * the distance shown is the one the punch will send. `retry` starts over after a refusal the user fixed.
 */
export function usePosition(): { located: PositionState; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PositionState>(() =>
    typeof navigator !== 'undefined' && navigator.geolocation
      ? { status: 'locating' }
      : { status: 'unsupported' },
  );
  const retry = () => {
    setState({ status: 'locating' });
    setAttempt((value) => value + 1);
  };
  useEffect(() => {
    const geolocation = navigator.geolocation as Geolocation | undefined;
    if (!geolocation) return;
    const watch = geolocation.watchPosition(
      ({ coords }) =>
        setState({
          status: 'located',
          position: { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy },
        }),
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 20_000 },
    );
    return () => geolocation.clearWatch(watch);
  }, [attempt]);
  return { located: state, retry };
}

/** Inside WeCom's own browser the punch says so (its source); elsewhere it came from the web page. */
export const punchSource = (): 'wecom' | 'web' =>
  typeof navigator !== 'undefined' && /wxwork/i.test(navigator.userAgent) ? 'wecom' : 'web';
