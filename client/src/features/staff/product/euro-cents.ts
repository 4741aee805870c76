// One conversion for the forms and the server (shared/staff/euro-cents.ts).
export { eurosToCents } from '../../../../../shared/staff/euro-cents';
