import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { isStaffRole } from '../../../../shared/staff/permissions';
import { useSessionContext } from '../../app/session/session-context';
import { AdminPasswordScreen } from './admin-password-screen';
import { SecondFactorGate } from './second-factor-gate';
import { StaffContext, type StaffContextValue } from './staff-context';
import { StaffLayout } from './staff-layout';
import { StaffLoggedOut, StaffOnly } from './staff-logged-out';
import { clearAdminToken, readAdminToken, storeAdminToken } from './staff-storage';
import { useStaffRole } from './api/get-staff-role';
import '../../styles/staff.css';

/**
 * /{lng}/dashboard-admin[/{categoryId}]: session, then the admin password check, then the role;
 * only then the dashboard. `category` is the raw URL segment (absent on the welcome page).
 */
export function StaffDashboard({ category }: { category?: string }) {
  const { user, token, endSession } = useSessionContext();
  if (!user || !token) return <StaffLoggedOut />;
  if (!isStaffRole(user.role)) return <StaffOnly />;
  // Keyed by user: another account logging in starts over from its own password check.
  return (
    <SecondFactorGate key={user.id} sessionToken={token}>
      <VerifiedDashboard user={user} sessionToken={token} endSession={endSession} category={category} />
    </SecondFactorGate>
  );
}

interface Props {
  user: SessionUser;
  sessionToken: string;
  endSession: (expiredToken?: string) => void;
  category: string | undefined;
}

function VerifiedDashboard({ user, sessionToken, endSession, category }: Props) {
  const { t } = useTranslation();
  const [adminToken, setAdminToken] = useState(() => readAdminToken(user.id));
  const [expired, setExpired] = useState(false);

  const expire = useCallback(() => {
    clearAdminToken();
    setAdminToken(null);
    setExpired(true);
  }, []);
  const { standing, setOnline } = useStaffRole(user, adminToken, expire);

  const context = useMemo<StaffContextValue | null>(
    () => (adminToken && standing ? { user, adminToken, role: standing.role, isOnline: standing.isOnline, setOnline, expire } : null),
    [user, adminToken, standing, setOnline, expire],
  );

  if (!adminToken) {
    return (
      <AdminPasswordScreen
        user={user}
        sessionToken={sessionToken}
        expired={expired}
        onVerified={(fresh) => {
          storeAdminToken(fresh);
          setExpired(false);
          setAdminToken(fresh);
        }}
        onSessionEnded={() => endSession(sessionToken)}
      />
    );
  }
  if (!context) {
    return (
      <p className="staff-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('staff.loading')}
      </p>
    );
  }
  return (
    <StaffContext value={context}>
      <StaffLayout category={category} />
    </StaffContext>
  );
}
