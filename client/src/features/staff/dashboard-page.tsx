import { StaffDashboard } from './staff-dashboard';

/** /{lng}/dashboard-admin: the welcome page (the route guard wants an arrival from inside the site). */
export function DashboardPage() {
  return <StaffDashboard />;
}
