import {
  calendarFeedListSchema,
  calendarFeedSchema,
  createdCalendarFeedSchema,
  type CalendarFeedEntry,
  type CalendarFeedList,
  type CreatedCalendarFeed,
  type NewCalendarFeed,
} from '@common/calendar-feeds';
import { apiJson } from '@/lib/api-client';

/** The owner's private calendar links (issue 32): list, make one, revoke. */

export const calendarFeedsQueryKey = ['manage', 'calendar-feeds'] as const;

export async function fetchCalendarFeeds(): Promise<CalendarFeedList> {
  return calendarFeedListSchema.parse(await apiJson('/api/manage/calendar-feeds'));
}

export async function createCalendarFeed(feed: NewCalendarFeed): Promise<CreatedCalendarFeed> {
  return createdCalendarFeedSchema.parse(
    await apiJson('/api/manage/calendar-feeds', { method: 'POST', body: JSON.stringify(feed) }),
  );
}

export async function revokeCalendarFeed(id: number): Promise<CalendarFeedEntry> {
  return calendarFeedSchema.parse(
    await apiJson(`/api/manage/calendar-feeds/${id}/revoke`, { method: 'POST' }),
  );
}
