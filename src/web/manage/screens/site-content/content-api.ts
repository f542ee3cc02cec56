// Types only from the shared module: its schemas at run time would add zod code to the schemas
// chunk that the checkout shares (its budget is full). The server checks the content with them
// and answers each field's problem; the answers here are checked for their shape by hand.
import type { ContentIssue, ContentState } from '@common/site-content';
import { ApiError, apiFetch } from '@/lib/api-client';

/** The back office's calls for the site content. */

export const contentQueryKey = ['manage', 'content'] as const;

/** A refusal; for content that breaks the rules, the problem of each field by its path. */
export class ContentRefused extends ApiError {
  constructor(status: number, message: string, issues: ContentIssue[]) {
    super(status, message, issues);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asContentState(value: unknown): ContentState {
  const published = isObject(value) ? value.published : undefined;
  const draft = isObject(value) ? value.draft : undefined;
  if (
    !isObject(value) ||
    !isObject(published) ||
    !isObject(published.content) ||
    typeof published.version !== 'number' ||
    !(draft === null || (isObject(draft) && typeof draft.draftVersion === 'number')) ||
    !Array.isArray(value.mediaFiles)
  ) {
    throw new ApiError(502, 'The server’s answer about the site content was not understood.');
  }
  return value as unknown as ContentState;
}

function asIssues(value: unknown): ContentIssue[] {
  if (!isObject(value) || !Array.isArray(value.issues)) return [];
  return value.issues.filter(
    (issue): issue is ContentIssue =>
      isObject(issue) && typeof issue.path === 'string' && typeof issue.message === 'string',
  );
}

async function call(path: string, init: RequestInit = {}): Promise<ContentState> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await apiFetch(path, { ...init, headers });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      isObject(body) && typeof body.message === 'string'
        ? body.message
        : `The request failed (${response.status}). Please try again.`;
    throw new ContentRefused(response.status, message, asIssues(body));
  }
  return asContentState(body);
}

export const fetchContent = (): Promise<ContentState> => call('/api/manage/content');

export const saveDraft = (input: {
  content: unknown;
  baseVersion: number;
  draftVersion: number | null;
}): Promise<ContentState> =>
  call('/api/manage/content/draft', { method: 'PUT', body: JSON.stringify(input) });

export const publishDraft = (input: {
  baseVersion: number;
  draftVersion: number;
}): Promise<ContentState> =>
  call('/api/manage/content/publish', { method: 'POST', body: JSON.stringify(input) });

export const discardDraft = (draftVersion: number): Promise<ContentState> =>
  call(`/api/manage/content/draft?draftVersion=${draftVersion}`, { method: 'DELETE' });
