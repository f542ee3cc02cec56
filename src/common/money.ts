/**
 * Money and duration formats from spec section 9. Amounts are plain numbers: whole pounds as the
 * retailer stores them, or pence when a client's pricesInPence flag is set.
 */

/** Converts a stored product amount to pounds (the spec's pence mode divides by 100). */
export function toPounds(storedAmount: number, pricesInPence: boolean): number {
  return pricesInPence ? storedAmount / 100 : storedAmount;
}

function splitPounds(pounds: number): { whole: string; pence: string; negative: boolean } {
  const totalPence = Math.round(Math.abs(pounds) * 100);
  return {
    whole: String(Math.floor(totalPence / 100)),
    pence: String(totalPence % 100).padStart(2, '0'),
    negative: pounds < 0 && totalPence > 0,
  };
}

/** Cart page format: £, dot as thousands separator, comma as decimal mark (`£4.999,00`). */
export function formatCartPrice(pounds: number): string {
  const { whole, pence, negative } = splitPounds(pounds);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}£${grouped},${pence}`;
}

/** Booking and general format: £ with two decimals (`£45.00`, `£1,250.00`). */
export function formatPounds(pounds: number): string {
  const { whole, pence, negative } = splitPounds(pounds);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}£${grouped}.${pence}`;
}

/** Duration display: hours, then minutes; minutes shown only when above 1 (spec section 9). */
export function formatDuration(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (minutes > 1) parts.push(`${minutes} minutes`);
  if (parts.length === 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}
