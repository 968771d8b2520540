/**
 * EAN-13: twelve digits and a check digit. The check digit makes the weighted sum (weights 1 and 3
 * from the left) a multiple of ten.
 */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}
