import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AuthResponse, SessionUser } from '../../../../shared/schemas/auth';
import { revokeSession } from '../../app/session/revoke-session';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../../ui/use-language';
import { exchangeDiscordCode } from './auth-api';
import { AuthCard } from './auth-card';
import { SecondFactorStep } from './second-factor-step';

/**
 * Discord's callback lands here with ?code=… (one minute, single use, valid only with the cookie
 * the callback set in this browser): the page spends it in a POST for the session. A token in the
 * URL is never read. A browser already logged in to another account is not switched silently:
 * the page names both accounts and asks.
 */
export function DiscordSuccessPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const { user: current, token: currentToken, login } = useSession();
  const [pending, setPending] = useState<AuthResponse | null>(null);
  // The account has a second factor on: its code step before the session.
  const [challenge, setChallenge] = useState<string | null>(null);
  const started = useRef(false);
  const settleRef = useRef<(session: AuthResponse) => void>(() => undefined);
  // The browser's session when the answer comes back (the stored one may be refused meanwhile).
  const before = useRef({ user: current, token: currentToken });
  useEffect(() => {
    before.current = { user: current, token: currentToken };
  }, [current, currentToken]);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const settle = (session: AuthResponse) => {
      const { user, token } = before.current;
      if (user && user.id !== session.user.id) {
        setPending(session);
        return;
      }
      // The same account logged in again: the older session is replaced, not left open.
      if (token) void revokeSession(token);
      login(session.user, session.token);
      navigate(`/${lng}/`, { replace: true });
    };
    settleRef.current = settle;
    exchangeDiscordCode(code)
      .then((answer) => ('challenge' in answer ? setChallenge(answer.challenge) : settle(answer)))
      .catch(() => navigate(`/${lng}/login?error=discord`, { replace: true, state: { fromInside: true } }));
  }, [code, login, navigate, lng]);

  // Asked, but the other account's session ended meanwhile (another tab logged out): nothing to ask.
  useEffect(() => {
    if (!pending || current) return;
    login(pending.user, pending.token);
    navigate(`/${lng}/`, { replace: true });
  }, [pending, current, login, navigate, lng]);

  if (!code) return <Navigate to={`/${lng}/login`} replace state={{ fromInside: true }} />;
  if (pending && current) {
    return (
      <SwitchAccount
        current={current}
        next={pending.user}
        onSwitch={() => {
          if (currentToken) void revokeSession(currentToken);
          login(pending.user, pending.token);
          navigate(`/${lng}/`, { replace: true });
        }}
        onStay={() => {
          void revokeSession(pending.token); // the session just opened for the other account is not kept
          navigate(`/${lng}/`, { replace: true });
        }}
      />
    );
  }
  if (challenge && !pending) {
    return (
      <AuthCard title={t('twoFactor.loginTitle')}>
        <SecondFactorStep
          challenge={challenge}
          onSession={(session) => settleRef.current(session)}
          onRestart={() => navigate(`/${lng}/login`, { replace: true, state: { fromInside: true } })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('discordSuccess.title')}>
      <p className="status-line" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('discordSuccess.pending')}
      </p>
    </AuthCard>
  );
}

interface SwitchProps {
  current: SessionUser;
  next: SessionUser;
  onSwitch: () => void;
  onStay: () => void;
}

/** "You are logged in as A; this Discord login is B": B replaces A only if the person says so. */
function SwitchAccount({ current, next, onSwitch, onStay }: SwitchProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('discordSuccess.switchTitle')}>
      <p className="auth-card__text">
        {t('discordSuccess.switchText', {
          current: current.fullName,
          currentEmail: current.email,
          next: next.fullName,
          nextEmail: next.email,
        })}
      </p>
      <div className="auth-card__actions">
        <button type="button" className="button button--primary" onClick={onSwitch}>
          {t('discordSuccess.switchConfirm', { name: next.fullName })}
        </button>
        <button type="button" className="button button--secondary" onClick={onStay}>
          {t('discordSuccess.switchStay', { name: current.fullName })}
        </button>
      </div>
    </AuthCard>
  );
}
