import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { LoginFooter, LoginForm } from './login-form';

/** Spec §2: /LoginHub is a login form (e-mail and password), reachable without the route guard. */
export function LoginHubPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('loginhub.title')} intro={t('login.intro')} footer={<LoginFooter />}>
      <LoginForm />
    </AuthCard>
  );
}
