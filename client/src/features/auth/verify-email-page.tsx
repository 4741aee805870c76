import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { VerifyToken } from './verify-email/verify-token';
import { WaitForVerification } from './verify-email/wait-for-verification';

/** /verify-email?token=… confirms an address (the mail's link); without a token it waits and polls. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthCard title={t('verifyemail.title')}>{token ? <VerifyToken token={token} /> : <WaitForVerification />}</AuthCard>;
}
