/** A tel: address from a displayed UK number ("0131 496 0418" → "tel:+441314960418"). */
export function telephoneHref(displayed: string): string {
  // A "(0)" after the country code is a reading aid, not a digit to dial.
  const digits = displayed.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('0')) return `tel:+44${digits.slice(1)}`;
  return `tel:${digits}`;
}
