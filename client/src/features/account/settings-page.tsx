import { useTranslation } from 'react-i18next';
import { SessionsTab } from '../../ui/sessions/sessions-tab';
import { AccountLoading } from './account-loading';
import { AccountShell } from './account-shell';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { useProfile } from './api/get-profile';
import { SshKeysSection } from './ssh-keys/ssh-keys-section';
import { TwoFactorSection } from './two-factor/two-factor-section';

/** /{lng}/settings: password, e-mail, devices, second factor, SSH keys, and the customer's data (issues 19, 33). */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <AccountShell title={t('settings.title')} intro={t('settings.intro')}>
      <SettingsContent />
    </AccountShell>
  );
}

function SettingsContent() {
  const { state, retry } = useProfile();
  if (state.status !== 'ready') return <AccountLoading failed={state.status === 'failed'} onRetry={retry} />;
  const { profile } = state;
  return (
    <>
      <PasswordSection hasPassword={profile.hasPassword} />
      <EmailSection email={profile.email} pendingEmail={profile.pendingEmail} hasPassword={profile.hasPassword} />
      <div className="account-card">
        <TwoFactorSection />
      </div>
      <div className="account-card">
        <SessionsTab />
      </div>
      <SshKeysSection />
      <DataSection hasPassword={profile.hasPassword} />
    </>
  );
}
