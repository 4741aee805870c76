import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { LoginFooter, LoginForm } from './login-form';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')} footer={<LoginFooter />}>
      <LoginForm />
    </AuthCard>
  );
}
