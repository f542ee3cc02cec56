import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownerMessages, passwordMaxLength, passwordMinLength } from '../../common/owners.js';

let commonPasswords: Set<string> | undefined;

/**
 * The list in common-passwords.txt (zxcvbn's 5,000 most common), read once. The owner routes read
 * it as they are registered, so a build that left the file out fails at start, not at the first
 * password an owner sets.
 */
export function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords;
}

const leet: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/**
 * The forms of a password a guesser tries first: as typed, lower-cased, without the digits and
 * symbols put before or after a word ("Password123!"), and with look-alike digits read as letters
 * ("P@ssw0rd").
 */
export function guessableForms(password: string): string[] {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  const unleet = (s: string) => s.replace(/[013457@$!]/g, (c) => leet[c] ?? c);
  const forms = [
    lower,
    trimmed,
    unleet(lower),
    unleet(trimmed),
    unleet(lower).replace(/[^a-z]+$/, ''),
  ];
  return [...new Set(forms.filter((f) => f.length >= 4))];
}

/** Undefined when the password may be used, else what to tell the owner. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordMinLength) return ownerMessages.tooShort;
  if (password.length > passwordMaxLength) return ownerMessages.tooLong;
  const common = loadCommonPasswords();
  if (guessableForms(password).some((form) => common.has(form))) return ownerMessages.common;
  if (new Set(password).size < 4) return ownerMessages.common;
  return undefined;
}
