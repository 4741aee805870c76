import { useParams } from 'react-router-dom';
import { StaffDashboard } from './staff-dashboard';

/** /{lng}/dashboard-admin/{categoryId}: one category of the back-office. */
export function DashboardCategoryPage() {
  const { categoryId } = useParams();
  return <StaffDashboard category={categoryId} />;
}
