import type { TestApp } from './test-app.js';

/**
 * Takes the seed's patch-test hours off a client's treatments (issue 33), for tests of other
 * things that book a lash lift or a tint online; patch-test-booking.test.ts tests the rule.
 */
export async function withoutPatchTests(t: TestApp, clientCode = 'RRB'): Promise<void> {
  await t.handle.db
    .updateTable('treatments')
    .set({ patch_test_hours: null })
    .where('client_code', '=', clientCode)
    .execute();
}
