/**
 * Noon in New York a day from now: every message queued by a test is due, and no contact is in its
 * quiet hours (9 pm to 8 am), whatever time of day the suite runs. A send without `now` takes the
 * wall clock, and a run at night held the message for quiet hours instead.
 */
export function daytimeTomorrow(): Date {
  const day = new Date(Date.now() + 86_400_000);
  day.setUTCHours(16, 0, 0, 0);
  return day;
}
