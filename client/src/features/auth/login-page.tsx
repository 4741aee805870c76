import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';
import { LoginFooter, LoginForm } from './login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const [secondFactor, setSecondFactor] = useState(false);
  return (
    // The code step is the sign-in of an existing account: no "Créer un compte" under it (issue 34).
    <AuthCard title={t('login.title')} intro={t('login.intro')} footer={secondFactor ? undefined : <LoginFooter />}>
      <LoginForm onSecondFactor={setSecondFactor} />
    </AuthCard>
  );
}
