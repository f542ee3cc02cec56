/**
 * The header every state-changing request to the owner API carries, with a same-site Origin
 * (src/server/owners/require-owner.ts). Its own module: the visitor bundle's API client sends
 * it without loading the owner schemas.
 */
export const csrfHeader = { name: 'x-requested-with', value: 'highstreet' } as const;
