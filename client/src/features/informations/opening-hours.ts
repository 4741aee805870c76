import { WEEK, type WeekDay } from '../../../../shared/site/opening-hours';

export { WEEK, type WeekDay };

/** Today's day name; Date.getDay() counts from Sunday. */
export function today(now: Date = new Date()): WeekDay {
  return WEEK[(now.getDay() + 6) % 7]!.day;
}
