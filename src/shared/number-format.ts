/**
 * A number with en-US digit grouping and a fixed number of decimals ("2,847", "87.5"), written out
 * by hand: the first call of Intl's number formatting loads locale data, tens of milliseconds on a
 * phone, on the home page's critical path.
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
