import { contentStateSchema, type ContentState } from '@common/site-content';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for the site content; answers parsed with the shared schema. */

export const contentQueryKey = ['manage', 'content'] as const;

const parse = (answer: unknown): ContentState => contentStateSchema.parse(answer);

export async function fetchContent(): Promise<ContentState> {
  return parse(await apiJson('/api/manage/content'));
}

export async function saveDraft(input: {
  content: unknown;
  baseVersion: number;
  draftVersion: number | null;
}): Promise<ContentState> {
  return parse(
    await apiJson('/api/manage/content/draft', { method: 'PUT', body: JSON.stringify(input) }),
  );
}

export async function publishDraft(input: {
  baseVersion: number;
  draftVersion: number;
}): Promise<ContentState> {
  return parse(
    await apiJson('/api/manage/content/publish', { method: 'POST', body: JSON.stringify(input) }),
  );
}

export async function discardDraft(draftVersion: number): Promise<ContentState> {
  return parse(
    await apiJson(`/api/manage/content/draft?draftVersion=${draftVersion}`, { method: 'DELETE' }),
  );
}
