import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../ui/dialogs/confirm-dialog';
import { FormAlert } from '../../../../ui/form-alert';
import { CopyValueButton } from '../../copy-value-button';
import { useRootPasswordState } from '../../api/get-root-password';
import { useResetRootPassword } from '../../api/reset-root-password';
import { vpsToolsAlertKey } from './vps-tools-errors';

type Outcome = { kind: 'by_mail' } | { kind: 'given'; password: string } | { kind: 'error'; key: string };

/**
 * "Mot de passe root": a reset after a confirmation. OVH mails the new password to the shop's
 * account once its task ran (the panel says so and follows the task); the sandbox gives it here,
 * once: leaving the page forgets it (the VPS page keeps it, masked, as the delivery's).
 */
export function VpsRootPassword({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const reset = useResetRootPassword(serviceId);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const state = useRootPasswordState(serviceId, outcome?.kind !== 'given');
  const running = state.data?.running === true;

  async function send() {
    setOutcome(null);
    try {
      const { reset: answer } = await reset.mutateAsync();
      setOutcome(answer.delivery === 'given' ? { kind: 'given', password: answer.password } : { kind: 'by_mail' });
    } catch (error) {
      setOutcome({ kind: 'error', key: vpsToolsAlertKey(error, { password_reset_running: 'panel.vpsTools.password.already' }) });
    }
  }

  return (
    <section className="vps-tool" aria-labelledby="vps-password-title">
      <h3 id="vps-password-title" className="vps-tool__title">
        {t('panel.vpsTools.password.title')}
      </h3>
      <p className="vps-tool__intro">{t('panel.vpsTools.password.intro')}</p>
      {outcome?.kind === 'error' && <FormAlert tone="error">{t(outcome.key)}</FormAlert>}
      {outcome?.kind === 'by_mail' && (
        <FormAlert tone="success">{t('panel.vpsTools.password.byMail', { brand: t('brand.name') })}</FormAlert>
      )}
      {outcome?.kind === 'given' && (
        <FormAlert tone="success">
          <p className="vps-tool__text">{t('panel.vpsTools.password.given')}</p>
          <span className="vps-tool__secret">
            <code>{outcome.password}</code>
            <CopyValueButton value={outcome.password} label={t('panel.vpsTools.password.copy')} />
          </span>
        </FormAlert>
      )}
      {running && (
        <p className="vps-tool__running" role="status">
          <span className="spinner" aria-hidden="true" /> {t('panel.vpsTools.password.running')}
        </p>
      )}
      <div className="vps-tool__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={reset.isPending || running}
          aria-busy={reset.isPending || undefined}
          onClick={() => setAsking(true)}
        >
          {t('panel.vpsTools.password.submit')}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={t('panel.vpsTools.password.confirmTitle')}
          text={t('panel.vpsTools.password.confirmText')}
          confirmLabel={t('panel.vpsTools.password.confirm')}
          confirmTone="danger"
          onConfirm={() => void send()}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
