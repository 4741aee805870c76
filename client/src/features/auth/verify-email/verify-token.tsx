import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { clearEmailToVerify } from '../../../app/session/session-storage';
import { useCart } from '../../../app/cart/cart-context';
import { useSession } from '../../../app/session/use-session';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import { verifyEmail } from '../auth-api';
import { ResendVerification } from '../resend-verification';

type State = 'verifying' | 'success' | 'invalid' | 'network';

/** The mail's link: confirms the token once, then says whether it worked. */
export function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { user, refreshUser } = useSession();
  const { lineCount } = useCart();
  const [state, setState] = useState<State>('verifying');
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return; // once per token, StrictMode included: the token is single use
    sent.current = token;
    verifyEmail(token)
      .then(() => {
        setState('success');
        clearEmailToVerify();
        refreshUser().catch(() => undefined); // the stored user now says emailVerified
      })
      .catch((error: unknown) => setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'network'));
  }, [token, refreshUser]);

  if (state === 'verifying') {
    return (
      <p className="status-line" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('verifyemail.verifying')}
      </p>
    );
  }
  return (
    <div className="auth-status">
      {state === 'success' && <FormAlert tone="success">{t('verifyemail.success')}</FormAlert>}
      {state === 'invalid' && <FormAlert tone="error">{t('verifyemail.invalid')}</FormAlert>}
      {state === 'network' && <FormAlert tone="error">{t('verifyemail.errornetwork')}</FormAlert>}
      {state !== 'success' && user && !user.emailVerified && <ResendVerification />}
      <div className="auth-actions">
        {state === 'success' && !user && (
          // With a cart, the login leads back to it: the customer was on the way to pay.
          <Link
            className="button button--primary"
            to={`/${lng}/login`}
            state={lineCount > 0 ? { fromInside: true, from: `/${lng}/Cart` } : { fromInside: true }}
          >
            {t('nav.login')}
          </Link>
        )}
        {state === 'success' && user && lineCount > 0 && (
          <Link className="button button--primary" to={`/${lng}/Cart`}>
            {t('shop.added.goToCart')}
          </Link>
        )}
        <Link className="button button--secondary" to={`/${lng}/`}>
          {t('placeholder.backHome')}
        </Link>
      </div>
    </div>
  );
}
