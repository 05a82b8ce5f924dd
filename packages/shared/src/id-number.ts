/** PRC resident identity card numbers (GB 11643-1999): 6-digit region, 8-digit birth date, 3-digit sequence, check digit. */

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_DIGITS = '10X98765432';
// Only the shape of the region code is checked: region codes are re-assigned over time and
// the permanent-residence cards of foreigners start with 9, so a fixed list would reject real people.
const MAINLAND_ID_PATTERN = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;
const FIRST_17_PATTERN = /^\d{17}$/;
const EARLIEST_BIRTH_YEAR = 1900;
const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;

/** ISO 7064 MOD 11-2 check character of the first 17 digits, or null when they are not 17 digits. */
export function mainlandIdCheckDigit(first17: string): string | null {
  if (!FIRST_17_PATTERN.test(first17)) return null;
  let sum = 0;
  CHECK_WEIGHTS.forEach((weight, index) => {
    sum += Number(first17[index]) * weight;
  });
  return CHECK_DIGITS.charAt(sum % 11);
}

/** Birth date as 'YYYY-MM-DD'; null unless it is a real calendar date between 1900 and today (China time). */
function birthDateOf(id: string, now: number): string | null {
  const match = MAINLAND_ID_PATTERN.exec(id);
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isCalendarDate =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  if (!isCalendarDate || Number(year) < EARLIEST_BIRTH_YEAR) return null;
  // Compare calendar days in China time so a baby registered early in the morning is not "born in the future".
  if (date.getTime() > now + CHINA_UTC_OFFSET_MS) return null;
  return `${year}-${month}-${day}`;
}

/** A lower-case final x is accepted, as people commonly type it; legacy 15-digit numbers are not (expired in 2013). */
export function isValidMainlandId(id: string, now: number = Date.now()): boolean {
  const normalized = id.toUpperCase();
  if (birthDateOf(normalized, now) === null) return false;
  return mainlandIdCheckDigit(normalized.slice(0, 17)) === normalized.charAt(17);
}

export function birthDateFromMainlandId(id: string, now: number = Date.now()): string | null {
  return isValidMainlandId(id, now) ? birthDateOf(id.toUpperCase(), now) : null;
}

/** The sequence number's last digit is odd for men and even for women. */
export function genderFromMainlandId(id: string, now: number = Date.now()): 'male' | 'female' | null {
  if (!isValidMainlandId(id, now)) return null;
  return Number(id.charAt(16)) % 2 === 1 ? 'male' : 'female';
}

const MASK_KEEP_START = 3;
const MASK_KEEP_END = 3;

/**
 * Keeps the first 3 and last 3 characters and replaces each one between with `*`.
 * A value of 6 characters or fewer would be shown whole by that rule, so it is masked completely
 * (same length, so the reader still sees that something is there). Null and undefined give ''.
 */
export function maskIdNumber(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length <= MASK_KEEP_START + MASK_KEEP_END) return '*'.repeat(chars.length);
  const hidden = chars.length - MASK_KEEP_START - MASK_KEEP_END;
  return chars.slice(0, MASK_KEEP_START).join('') + '*'.repeat(hidden) + chars.slice(-MASK_KEEP_END).join('');
}
