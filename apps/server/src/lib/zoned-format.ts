/** Zones kept at most per format. */
const ZONES_KEPT = 50;

/**
 * A date format kept per time zone. Building an Intl.DateTimeFormat costs tens of microseconds and using one
 * about one, and the day helpers run once per row or per punch: a clock-in batch of 200 spent a fifth of its
 * time building formats.
 */
export function perTimeZone(
  make: (timeZone: string) => Intl.DateTimeFormat,
): (timeZone: string) => Intl.DateTimeFormat {
  const kept = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = kept.get(timeZone);
    if (!format) {
      // A request names its own zone (`tz`), in any letter case: a bound, not a policy.
      if (kept.size >= ZONES_KEPT) kept.clear();
      format = make(timeZone);
      kept.set(timeZone, format);
    }
    return format;
  };
}
