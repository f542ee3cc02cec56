import { useQuery } from '@tanstack/react-query';
import { visitorBookingRulesQueryKey } from '@common/page-data';
import { visitorBookingRulesSchema } from '@common/visitor-booking-rules';
import { apiJson } from '@/lib/api-client';

/**
 * The owner's booking rules as the visitor's screens need them (the calendar's horizon): from the
 * page's data when the page was loaded on a booking screen, else from the server. Never from the
 * embedded client record, whose `booking` only seeded the rules the owner has since changed.
 */
export function useVisitorBookingRules() {
  return useQuery({
    queryKey: visitorBookingRulesQueryKey,
    queryFn: async () => visitorBookingRulesSchema.parse(await apiJson('/api/bookings/rules')),
  });
}
