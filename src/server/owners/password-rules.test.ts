import { describe, expect, it } from 'vitest';
import { ownerMessages } from '../../common/owners.js';
import { guessableForms, passwordProblem } from './password-rules.js';

describe('password rules', () => {
  it('refuses passwords under ten characters', () => {
    expect(passwordProblem('abc')).toBe(ownerMessages.tooShort);
    expect(passwordProblem('Short1x!z')).toBe(ownerMessages.tooShort);
  });

  it('refuses common passwords and common words dressed up with digits and symbols', () => {
    for (const weak of [
      '1234567890',
      'qwertyuiop',
      'Password123!',
      'P@ssw0rd2024',
      '!!Liverpool99',
      'aaaaaaaaaaaa',
    ])
      expect(passwordProblem(weak), weak).toBe(ownerMessages.common);
  });

  it('accepts a long password that is not on the list', () => {
    expect(passwordProblem('copper kettle morning walk')).toBeUndefined();
    expect(passwordProblem('Tq8!vR2#mZ4x')).toBeUndefined();
  });

  it('reads look-alike digits as letters', () => {
    expect(guessableForms('P@ssw0rd!')).toContain('password');
  });
});
