/**
 * The social networks a client record may link to, in display order. Kept apart from the zod
 * schema in client-config.ts so the browser can use the list without loading zod.
 */
export const socialNetworks = [
  'facebook',
  'instagram',
  'tiktok',
  'twitter',
  'youtube',
  'linkedin',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
