/**
 * What the server applies when the owner's booking rules leave an issue-17 setting out. A
 * module of its own, without imports, so the back office's hours screen can show the defaults
 * without loading the rules' schemas (and the client record's, which they import).
 */
export const changeCutoffHoursDefault = 24;
export const reminderHoursDefault = 24;
export const maxBookingMinutesDefault = 240;
export const maxBookingsPerEmailPerDayDefault = 2;
