import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailFailureDto } from '../../../../../shared/schemas/mail-failures';
import { FormAlert } from '../../../ui/form-alert';
import { MailFailuresTable } from './mail-failures-table';
import { useMailFailures } from './api/get-mail-failures';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

/** Logs, "Mails en échec": the mails waiting for a retry or given up, with 'Renvoyer'. */
export function MailFailuresView() {
  const { t } = useTranslation();
  const { state, loadingMore, loadMore, reload, resend } = useMailFailures();
  const [sending, setSending] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onResend(mail: MailFailureDto) {
    setSending(mail.id);
    setOutcome(null);
    try {
      await resend(mail);
      setOutcome({ tone: 'success', text: t('staff.logs.mails.resent', { to: mail.to }) });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.logs.mails.resendFailed', { to: mail.to }) });
    } finally {
      setSending(null);
    }
  }

  return (
    <>
      <p className="staff-mail-failures__intro">{t('staff.logs.mails.intro')}</p>
      {outcome && <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>}
      <ListState
        state={state}
        loading={t('staff.logs.mails.loading')}
        failed={t('staff.logs.mails.errorload')}
        retry={{ label: t('staff.retry'), onRetry: () => void reload() }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.logs.mails.empty')}
      >
        {(ready) => (
          <>
            <MailFailuresTable mails={ready.items} sending={sending} onResend={(mail) => void onResend(mail)} />
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.logs.loadMore')}
                loadingLabel={t('staff.logs.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </>
  );
}
