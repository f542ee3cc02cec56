/**
 * How a booking's or an order's contact details find their customer record (issue 33,
 * docs/decisions/0062-customer-records.md): by e-mail first (lower-cased, trimmed), then by the
 * telephone's digits. Pure: no database, no HTTP.
 */

/** An e-mail as matched and stored: trimmed, lower-cased; empty means none. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const trimmed = (email ?? '').trim().toLowerCase();
  return trimmed === '' ? null : trimmed;
}

/**
 * A telephone number's digits, so "07700 900123", "07700-900123" and "+44 7700 900123" match.
 * Fewer than 6 digits is not a number anyone can be found by, so it matches nothing.
 */
export function telephoneDigits(telephone: string | null | undefined): string | null {
  let digits = (telephone ?? '').replace(/\D/g, '');
  // +44 7700… and +44 (0)7700… are the UK's 07700….
  if (digits.startsWith('44') && digits.length >= 11)
    digits = `0${digits.slice(2).replace(/^0/, '')}`;
  return digits.length >= 6 ? digits : null;
}

export interface MatchKeys {
  email: string | null;
  digits: string | null;
}

export interface MatchCandidate extends MatchKeys {
  id: number;
}

/** The contact's keys to match by. */
export function matchKeys(contact: {
  email?: string | null;
  telephone?: string | null;
}): MatchKeys {
  return { email: normaliseEmail(contact.email), digits: telephoneDigits(contact.telephone) };
}

/**
 * The customer these keys belong to: the one with the same e-mail; else, one with the same
 * telephone digits whose e-mail is unknown or the same (two people who share a phone but gave
 * different e-mails stay apart). Candidates come newest first; the first that fits wins.
 */
export function chooseCustomer<C extends MatchCandidate>(
  keys: MatchKeys,
  candidates: readonly C[],
): C | undefined {
  if (keys.email) {
    const byEmail = candidates.find((c) => c.email === keys.email);
    if (byEmail) return byEmail;
  }
  if (keys.digits) {
    return candidates.find(
      (c) => c.digits === keys.digits && (c.email === null || keys.email === null),
    );
  }
  return undefined;
}

/** What a search text means: digits to match phones by, the text for names, e-mails, references. */
export function searchTerms(text: string): { text: string; digits: string | null } {
  const trimmed = text.trim().toLowerCase();
  const digits = trimmed.replace(/\D/g, '');
  // Only a text that is mostly a phone number searches phones (a reference has letters too).
  const looksLikePhone = /^[\d\s()+-]+$/.test(trimmed) && digits.length >= 4;
  return { text: trimmed, digits: looksLikePhone ? (telephoneDigits(digits) ?? digits) : null };
}
