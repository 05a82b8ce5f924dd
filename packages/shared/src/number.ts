/** Number display helpers of vue-element-admin: SI abbreviations and thousands separators. */

const SI_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

function toFixedTrimmed(num: number, digits: number): string {
  return num.toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
}

/**
 * 1234 -> '1.2k' (digits 1), 2500000 -> '2.5M'. Negative numbers are abbreviated like positive ones,
 * and a value that rounds up to 1000 of a unit moves to the next unit (999999 -> '1M', not '1000k').
 */
export function numberFormatter(num: number, digits = 0): string {
  if (!Number.isFinite(num)) return String(num);
  const sign = num < 0 ? '-' : '';
  const abs = Math.abs(num);
  for (const [index, unit] of SI_UNITS.entries()) {
    if (abs < unit.value) continue;
    const scaled = toFixedTrimmed(abs / unit.value, digits);
    const larger = SI_UNITS[index - 1];
    if (Number(scaled) >= 1000 && larger)
      return sign + toFixedTrimmed(abs / larger.value, digits) + larger.symbol;
    return sign + scaled + unit.symbol;
  }
  const plain = toFixedTrimmed(abs, digits);
  const thousand = SI_UNITS[SI_UNITS.length - 1];
  if (Number(plain) >= 1000 && thousand)
    return sign + toFixedTrimmed(abs / thousand.value, digits) + thousand.symbol;
  return Number(plain) === 0 ? plain : sign + plain;
}

/** 1234567.89 -> '1,234,567.89'; only the integer part is grouped; a non-number gives '0'. */
export function toThousandFilter(num: number | string): string {
  return (+num || 0).toString().replace(/^-?\d+/, (integer) => integer.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}
