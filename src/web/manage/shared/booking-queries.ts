import type { ManageMenu } from '@common/diary';
import { apiJson } from '@/lib/api-client';

/**
 * What the diary, hours and treatments screens share (issue 16): the diary's query key (the
 * hours screen refreshes the diary when the rules change), the menu (the diary adds a phone
 * booking from it), and reading a typed answer. Unlike the other screens these answers are typed,
 * not parsed: the diary and rules schemas use zod parts no visitor form uses, and zod shares one
 * chunk with every form, so parsing them here would grow the visitor's checkout chunk past its
 * budget. The server builds these answers from the same types.
 */

/** An answer of the owner API, typed as the server's route declares it. */
export async function typed<T>(path: string, init?: Parameters<typeof apiJson>[1]): Promise<T> {
  return (await apiJson(path, init)) as T;
}

export type DiaryView = 'day' | 'week';

export const diaryQueryKey = (date?: string, view?: DiaryView) =>
  date ? (['manage', 'diary', { date, view }] as const) : (['manage', 'diary'] as const);

export const menuQueryKey = ['manage', 'menu'] as const;

export async function fetchMenu(): Promise<ManageMenu> {
  return typed('/api/manage/menu');
}
