import type { Kysely } from 'kysely';
import { addDays, todayInTimeZone, zonedParts } from '../../common/booking.js';
import { closureOn, minuteOfTime } from '../../common/booking-rules.js';
import type { ClientConfig } from '../../common/client-config.js';
import { comparedPeriods, type DateRange } from '../../common/report-periods.js';
import type {
  BookingReportQuery,
  Dashboard,
  DashboardDay,
  DashboardTherapist,
  OrderReportQuery,
  Report,
  ReportSummary,
} from '../../common/reports.js';
import type { Database } from '../db/schema.js';
import { weekdayOf } from '../booking/availability/availability.js';
import { loadBookingRules } from '../booking/booking-rules-store.js';
import { listStaff, type StaffMember } from '../staff/staff-store.js';
import {
  bookingFiguresOf,
  bookingRowsByDate,
  bookingRowsByHour,
  bookingRowsByTherapist,
  byValueThenLabel,
  cardFiguresOf,
  instantBounds,
  isLateCancellation,
  orderFiguresOf,
  orderRowsByWeek,
  totalOf,
  type BookingGroup,
  type Cancellation,
  type CardOrderRow,
  type DepositGroup,
  type PlacedOrderRow,
} from './domain/report-figures.js';
import { freeMinutesByCapacity, freeMinutesWithStaff } from './domain/free-time.js';
import {
  countWaitingOrders,
  readBookedSpans,
  readBookingGroups,
  readBookingStarts,
  readCancellations,
  readCardOrders,
  readDepositGroups,
  readPlacedOrders,
  readProductTotals,
  readTreatmentTotals,
} from './reports-store.js';

/** What every report works on: the signed-in owner's client, the database, and the time. */
export interface ReportsContext {
  db: Kysely<Database>;
  client: ClientConfig;
  now: Date;
}

/** What a range's figures are made from: bookings, late cancellations, orders, card money. */
interface RangeData {
  groups: BookingGroup[];
  late: Cancellation[];
  orders: PlacedOrderRow[];
  cardOrders: CardOrderRow[];
  deposits: DepositGroup[];
}

async function readRangeData(context: ReportsContext, range: DateRange): Promise<RangeData> {
  const { db, client } = context;
  const bounds = instantBounds(range, client.timeZone);
  const [groups, cancellations, orders, cardOrders, deposits, rules] = await Promise.all([
    readBookingGroups(db, client.name, range),
    readCancellations(db, client.name, range),
    readPlacedOrders(db, client.name, bounds),
    readCardOrders(db, client.name, bounds),
    readDepositGroups(db, client.name, range),
    client.booking ? loadBookingRules(db, client) : Promise.resolve(undefined),
  ]);
  const cutoff = rules?.rules.changeCutoffHours;
  const late = cancellations.filter((c) => isLateCancellation(c, cutoff, client.timeZone));
  return { groups, late, orders, cardOrders, deposits };
}

function summaryOf(data: RangeData, range: DateRange, timeZone: string): ReportSummary {
  return {
    ...range,
    ...bookingFiguresOf(data.groups, data.late, range),
    ...orderFiguresOf(data.orders, range, timeZone),
    card: cardFiguresOf(data.cardOrders, data.deposits, range, timeZone),
  };
}

/** GET /api/manage/reports/summary */
export async function reportSummary(
  context: ReportsContext,
  range: DateRange,
): Promise<ReportSummary> {
  return summaryOf(await readRangeData(context, range), range, context.client.timeZone);
}

/** The active staff, and an inactive member who has bookings in the figures (as the diary). */
function therapistsOf(staff: readonly StaffMember[], groups: readonly BookingGroup[]) {
  const withBookings = new Set(groups.map((group) => group.staffId));
  return staff.filter((member) => member.active || withBookings.has(member.id));
}

async function lookAhead(
  context: ReportsContext,
  date: string,
  staff: readonly StaffMember[],
): Promise<DashboardDay[]> {
  const { db, client, now } = context;
  const range = { from: date, to: addDays(date, 7) };
  const dates = Array.from({ length: 8 }, (_, i) => addDays(date, i));
  const [groups, spans, rules] = await Promise.all([
    readBookingGroups(db, client.name, range),
    client.booking ? readBookedSpans(db, client.name, range) : Promise.resolve([]),
    client.booking ? loadBookingRules(db, client) : Promise.resolve(undefined),
  ]);
  const here = zonedParts(now, client.timeZone);
  const working = staff.filter((member) => member.active);
  return dates.map((day) => {
    const bookings = bookingFiguresOf(groups, [], { from: day, to: day }).bookings;
    if (!rules) return { date: day, bookings, freeMinutes: null };
    // Today counts from now; a day gone by has nothing left.
    const fromMinute = day < here.date ? 24 * 60 : day === here.date ? here.minuteOfDay : 0;
    const booked = spans.filter((span) => span.date === day);
    const weekday = weekdayOf(day);
    if (closureOn(rules.rules, day)) return { date: day, bookings, freeMinutes: 0 };
    const freeMinutes =
      working.length > 0
        ? freeMinutesWithStaff(
            working
              .filter((member) => !member.timeOff.some((off) => off.from <= day && day <= off.to))
              .map((member) => ({
                id: member.id,
                spans: member.hours
                  .filter((hours) => hours.weekday === weekday)
                  .map((hours) => ({
                    start: minuteOfTime(hours.start),
                    end: minuteOfTime(hours.end),
                  })),
              })),
            booked,
            fromMinute,
          )
        : freeMinutesByCapacity(
            rules.rules.weeklyHours[weekday].map((span) => ({
              start: minuteOfTime(span.start),
              end: minuteOfTime(span.end),
            })),
            rules.rules.capacity,
            booked,
            fromMinute,
          );
    return { date: day, bookings, freeMinutes };
  });
}

/** GET /api/manage/dashboard: the day and the week ahead, this week and month against the last. */
export async function dashboard(context: ReportsContext, asOf?: string): Promise<Dashboard> {
  const { db, client } = context;
  const date = asOf ?? todayInTimeZone(client.timeZone, context.now);
  const periods = comparedPeriods(date);
  const whole: DateRange = {
    from: [periods.week.previous.from, periods.month.previous.from].sort()[0]!,
    to: [periods.week.current.to, periods.month.current.to].sort()[1]!,
  };
  const staff = client.booking
    ? await listStaff(db, client.name, { activeOnly: false, from: date, to: addDays(date, 7) })
    : [];
  const [data, days, ordersWaiting] = await Promise.all([
    readRangeData(context, whole),
    lookAhead(context, date, staff),
    client.usesCart ? countWaitingOrders(db, client.name) : Promise.resolve(0),
  ]);
  const summary = (range: DateRange) => summaryOf(data, range, client.timeZone);
  const figures = (range: DateRange, staffId: number | null) =>
    bookingFiguresOf(data.groups, data.late, range, { staffId });
  const therapists: DashboardTherapist[] = [];
  if (staff.length > 0) {
    const members: Array<{ id: number | null; name: string }> = therapistsOf(staff, data.groups);
    if (data.groups.some((group) => group.staffId === null)) {
      members.push({ id: null, name: 'No therapist' });
    }
    for (const member of members) {
      therapists.push({
        id: member.id,
        name: member.name,
        week: {
          current: figures(periods.week.current, member.id),
          previous: figures(periods.week.previous, member.id),
        },
        month: {
          current: figures(periods.month.current, member.id),
          previous: figures(periods.month.previous, member.id),
        },
      });
    }
  }
  return {
    date,
    usesBookings: client.booking !== undefined,
    usesOrders: client.usesCart,
    days,
    ordersWaiting,
    week: { current: summary(periods.week.current), previous: summary(periods.week.previous) },
    month: { current: summary(periods.month.current), previous: summary(periods.month.previous) },
    therapists,
  };
}

/** GET /api/manage/reports/bookings */
export async function bookingReport(
  context: ReportsContext,
  query: BookingReportQuery,
): Promise<Report> {
  const { db, client } = context;
  const range = { from: query.from, to: query.to };
  const answer = (rows: Report['rows'], countLabel = 'Bookings'): Report => ({
    ...range,
    by: query.by,
    countLabel,
    rows,
    total: totalOf(rows),
  });
  switch (query.by) {
    case 'day':
    case 'week':
    case 'month':
      return answer(
        bookingRowsByDate(await readBookingGroups(db, client.name, range), range, query.by),
      );
    case 'hour':
      return answer(bookingRowsByHour(await readBookingStarts(db, client.name, range)));
    case 'therapist': {
      const [groups, staff] = await Promise.all([
        readBookingGroups(db, client.name, range),
        listStaff(db, client.name, { activeOnly: false, from: range.from, to: range.to }),
      ]);
      return answer(bookingRowsByTherapist(groups, therapistsOf(staff, groups)));
    }
    case 'treatment': {
      const totals = await readTreatmentTotals(db, client.name, range);
      return answer(
        byValueThenLabel(
          totals.map((t) => ({
            key: String(t.treatmentId),
            label: t.name,
            count: t.count,
            value: t.value,
          })),
        ),
        'Times booked',
      );
    }
  }
}

/** How many products the top-products report lists. */
export const topProductsShown = 20;

/** GET /api/manage/reports/orders */
export async function orderReport(
  context: ReportsContext,
  query: OrderReportQuery,
): Promise<Report> {
  const { db, client } = context;
  const range = { from: query.from, to: query.to };
  const bounds = instantBounds(range, client.timeZone);
  if (query.by === 'week') {
    const rows = orderRowsByWeek(
      await readPlacedOrders(db, client.name, bounds),
      range,
      client.timeZone,
    );
    return { ...range, by: 'week', countLabel: 'Orders', rows, total: totalOf(rows) };
  }
  const sold = byValueThenLabel(
    (await readProductTotals(db, client.name, bounds)).map((p) => ({
      key: String(p.productId),
      label: p.title,
      count: p.quantity,
      value: p.value,
    })),
  );
  // The total covers every product sold, the rows the top ones.
  return {
    ...range,
    by: 'product',
    countLabel: 'Items sold',
    rows: sold.slice(0, topProductsShown),
    total: totalOf(sold),
  };
}
