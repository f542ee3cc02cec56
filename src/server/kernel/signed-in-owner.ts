/**
 * The owner a request is made by. The owner guard (owners/require-owner.ts), applied once to the
 * whole owner API by http/manage-api.ts, sets it; every owner resource reads it from here, so no
 * resource imports owners/ for it.
 */
export interface SignedInOwner {
  id: number;
  clientCode: string;
  email: string;
  /** owner (everything) or staff (owners/staff-permissions.ts); the guard has checked it. */
  role: 'owner' | 'staff';
  /** The staff member the account is (its own calendar), if linked. */
  staffId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in owner. Set by the owner guard: read it only in routes under /api/manage
     * (http/manage-api.ts) or behind the guard; elsewhere it is null.
     */
    owner: SignedInOwner;
  }
}
