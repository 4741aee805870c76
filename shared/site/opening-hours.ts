// Spec §2 opening hours, Monday first. null = closed. The Informations page and the site's
// structured data (server/http/public-site) both read them.
export const WEEK = [
  { day: 'monday', hours: null },
  { day: 'tuesday', hours: ['09:00', '18:00'] },
  { day: 'wednesday', hours: ['09:00', '18:00'] },
  { day: 'thursday', hours: ['09:00', '18:00'] },
  { day: 'friday', hours: ['09:00', '18:00'] },
  { day: 'saturday', hours: ['10:00', '16:00'] },
  { day: 'sunday', hours: null },
] as const;

export type WeekDay = (typeof WEEK)[number]['day'];
