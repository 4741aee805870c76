import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { authApi } from '../../../../../shared/contract/auth';
import { clearEmailToVerify, readEmailToVerify } from '../../../app/session/session-storage';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { useCart } from '../../../app/cart/cart-context';
import { useSession } from '../../../app/session/use-session';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import { ResendVerification } from '../resend-verification';

export const POLL_INTERVAL_MS = 5_000; // spec §9
export const REDIRECT_DELAY_MS = 2_000; // spec §9

type State = 'waiting' | 'confirmed' | 'failed';

/**
 * After registering: polls check-verified every 5 s; once confirmed, goes 2 s later back to the cart
 * when it holds something (the customer was on the way to pay), else home.
 */
export function WaitForVerification() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { user, token, login, refreshUser } = useSession();
  const api = useAuthedApi();
  const { lineCount } = useCart();
  const toCart = lineCount > 0;
  const [email] = useState(() => readEmailToVerify() ?? user?.email ?? null);
  // Already verified (e.g. in another tab): nothing to wait for.
  const [state, setState] = useState<State>(() => (user?.emailVerified && email === user.email ? 'confirmed' : 'waiting'));

  // One check at a time: the next one is scheduled only when the previous answered.
  useEffect(() => {
    if (!email || !token || state !== 'waiting') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const { isVerified } = await api.call(authApi.checkVerified, { query: { email } });
        if (!live) return;
        if (isVerified) setState('confirmed');
        else timer = setTimeout(check, POLL_INTERVAL_MS);
      } catch {
        if (live) setState('failed'); // spec §8: the error shows and polling stops
      }
    };
    timer = setTimeout(check, POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, email, token, state]);

  // Effect events: they read the latest session, but only the confirmation runs them (logging the
  // user in anew must not start them again).
  const markVerified = useEffectEvent(() => {
    clearEmailToVerify();
    refreshUser()
      .then((fresh) => {
        if (!fresh && user && token) login({ ...user, emailVerified: true }, token);
      })
      .catch(() => {
        if (user && token) login({ ...user, emailVerified: true }, token);
      });
  });
  const goHome = useEffectEvent(() => navigate(toCart ? `/${lng}/Cart` : `/${lng}/`, { replace: true }));
  useEffect(() => {
    if (state !== 'confirmed') return;
    markVerified();
    const redirect = setTimeout(() => goHome(), REDIRECT_DELAY_MS);
    return () => clearTimeout(redirect);
  }, [state]); // once, when the confirmation arrives

  if (!email) {
    return (
      <div className="auth-status">
        <FormAlert tone="error">{t('verifyemail.noEmail')}</FormAlert>
        <Link className="button button--secondary" to={`/${lng}/`}>
          {t('placeholder.backHome')}
        </Link>
      </div>
    );
  }
  if (state === 'confirmed')
    return <FormAlert tone="success">{t(toCart ? 'verifyemail.confirmedCart' : 'verifyemail.confirmed')}</FormAlert>;

  return (
    <div className="auth-status">
      <MailIcon />
      <p className="auth-status__text">
        <Trans i18nKey="verifyemail.waiting" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      {state === 'failed' && <FormAlert tone="error">{t('verifyemail.pollError')}</FormAlert>}
      {state === 'waiting' && token && (
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('verifyemail.polling')}
        </p>
      )}
      {token ? (
        <>
          <p className="auth-note">{t('verifyemail.spamHint')}</p>
          <ResendVerification />
        </>
      ) : (
        <FormAlert tone="info">
          {t('verifyemail.loginToFollow')}{' '}
          <Link to={`/${lng}/login`} state={{ fromInside: true, from: `/${lng}/verify-email` }}>
            {t('nav.login')}
          </Link>
        </FormAlert>
      )}
    </div>
  );
}

function MailIcon() {
  return (
    <svg className="auth-status__icon" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="var(--accent-soft)" />
      <rect x="14" y="18" width="28" height="20" rx="3" fill="none" stroke="var(--accent-text)" strokeWidth="2.2" />
      <path d="m15 20 13 10 13-10" fill="none" stroke="var(--accent-text)" strokeWidth="2.2" strokeLinejoin="round" />
    </svg>
  );
}
