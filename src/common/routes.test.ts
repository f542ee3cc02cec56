import { describe, expect, it } from 'vitest';
import { isBackOfficePath, isPrivatePath } from './routes';

describe('isBackOfficePath', () => {
  it("takes sign-in, the back office and the operator's screen, not a visitor's private page", () => {
    for (const path of ['/login', '/login/set-password', '/manage', '/manage/diary', '/operator'])
      expect(isBackOfficePath(path), path).toBe(true);
    for (const path of [
      `/booking/manage/${'A'.repeat(43)}`,
      `/review/r1.RRB.1.${'A'.repeat(43)}`,
      '/checkout/paid',
      '/checkout/not-paid',
      '/managers',
      '/',
    ]) {
      expect(isBackOfficePath(path), path).toBe(false);
    }
    // Every back-office path is also private (never indexed).
    expect(isPrivatePath('/manage/diary') && isPrivatePath('/operator')).toBe(true);
  });
});
