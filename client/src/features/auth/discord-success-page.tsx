import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../../../shared/contract/auth';
import { callApi } from '../../api/call';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../../ui/use-language';
import { AuthCard } from './auth-card';

/** Discord's callback lands here with ?token=…: exchange it for the session, then go home. */
export function DiscordSuccessPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { login } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    callApi(authApi.discordMe, {}, { token })
      .then(({ user, token: sessionToken }) => {
        login(user, sessionToken || token);
        navigate(`/${lng}/`, { replace: true });
      })
      .catch(() => navigate(`/${lng}/login?error=discord`, { replace: true, state: { fromInside: true } }));
  }, [token, login, navigate, lng]);

  if (!token) return <Navigate to={`/${lng}/login`} replace state={{ fromInside: true }} />;
  return (
    <AuthCard title={t('discordSuccess.title')}>
      <p className="status-line" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('discordSuccess.pending')}
      </p>
    </AuthCard>
  );
}
