import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { snapshotCreateSchema, type SnapshotCreateInput, type SnapshotStateDto } from '../../../../../../shared/schemas/vps-panel';
import { ConfirmDialog } from '../../../../ui/dialogs/confirm-dialog';
import { FormAlert } from '../../../../ui/form-alert';
import { TextField } from '../../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../../ui/forms/server-field-errors';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { SubmitButton } from '../../../../ui/submit-button';
import { useLanguage } from '../../../../ui/use-language';
import { useCreateSnapshot } from '../../api/create-snapshot';
import { useDeleteSnapshot } from '../../api/delete-snapshot';
import { useSnapshot } from '../../api/get-snapshot';
import { useRestoreSnapshot } from '../../api/restore-snapshot';
import { vpsToolsAlertKey } from './vps-tools-errors';

const SNAPSHOT_CODES = {
  snapshot_busy: 'panel.vpsTools.snapshot.busy',
  snapshot_exists: 'panel.vpsTools.snapshot.exists',
  snapshot_missing: 'panel.vpsTools.snapshot.missing',
  snapshot_not_included: 'panel.vpsTools.snapshot.notIncluded',
};

const dateOf = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(iso));

/** "Instantané": OVH's one snapshot where the plan has the option; take, restore (confirmed: the disk is replaced), delete. */
export function VpsSnapshot({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const query = useSnapshot(serviceId);
  return (
    <section className="vps-tool" aria-labelledby="vps-snapshot-title">
      <h3 id="vps-snapshot-title" className="vps-tool__title">
        {t('panel.vpsTools.snapshot.title')}
      </h3>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.vpsTools.snapshot.loading')}
        failed={t('panel.vpsTools.snapshot.failed')}
        retry={{ label: t('panel.vpsTools.snapshot.retry'), onRetry: () => query.refetch() }}
      >
        {({ data }) => <SnapshotBody serviceId={serviceId} state={data.snapshot} />}
      </ListState>
    </section>
  );
}

function SnapshotBody({ serviceId, state }: { serviceId: number; state: SnapshotStateDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [alert, setAlert] = useState<string | null>(null);
  if (!state.included) return <p className="vps-tool__intro">{t('panel.vpsTools.snapshot.notIncluded')}</p>;
  const current = state.current;
  return (
    <>
      <p className="vps-tool__intro">{t('panel.vpsTools.snapshot.intro')}</p>
      {alert && <FormAlert tone="error">{t(alert)}</FormAlert>}
      {state.running ? (
        <p className="vps-tool__running" role="status">
          <span className="spinner" aria-hidden="true" /> {t(`panel.vpsTools.snapshot.running.${state.running}`)}
        </p>
      ) : current ? (
        <>
          <p className="vps-tool__text">
            {current.description
              ? t('panel.vpsTools.snapshot.currentNamed', { date: dateOf(current.createdAt, lng), description: current.description })
              : t('panel.vpsTools.snapshot.current', { date: dateOf(current.createdAt, lng) })}
          </p>
          <SnapshotActions serviceId={serviceId} date={dateOf(current.createdAt, lng)} onError={setAlert} />
        </>
      ) : (
        <>
          <p className="vps-tool__text">{t('panel.vpsTools.snapshot.none')}</p>
          <SnapshotForm serviceId={serviceId} onError={setAlert} />
        </>
      )}
    </>
  );
}

function SnapshotForm({ serviceId, onError }: { serviceId: number; onError: (key: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateSnapshot(serviceId);
  const form = useForm<SnapshotCreateInput>({ resolver: zodResolver(snapshotCreateSchema), defaultValues: { description: '' } });
  const onSubmit = form.handleSubmit(async (body) => {
    onError(null);
    try {
      await create.mutateAsync(body);
    } catch (error) {
      if (setServerFieldErrors(form, error, i18n, { fallback: 'panel.vpsTools.error' })) return;
      onError(vpsToolsAlertKey(error, SNAPSHOT_CODES));
    }
  });
  return (
    <form className="vps-tool__form" noValidate onSubmit={onSubmit}>
      <TextField
        id={`vps-snapshot-description-${serviceId}`}
        label={t('panel.vpsTools.snapshot.description')}
        hint={t('panel.vpsTools.snapshot.descriptionHint')}
        autoComplete="off"
        maxLength={100}
        {...form.register('description')}
        error={errorText(t, form.formState.errors.description)}
      />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('panel.vpsTools.snapshot.creatingButton')} className="vps-tool__submit">
        {t('panel.vpsTools.snapshot.create')}
      </SubmitButton>
    </form>
  );
}

function SnapshotActions({ serviceId, date, onError }: { serviceId: number; date: string; onError: (key: string | null) => void }) {
  const { t } = useTranslation();
  const restore = useRestoreSnapshot(serviceId);
  const remove = useDeleteSnapshot(serviceId);
  const [asking, setAsking] = useState<'restore' | 'delete' | null>(null);
  const busy = restore.isPending || remove.isPending;

  async function send(what: 'restore' | 'delete') {
    onError(null);
    try {
      await (what === 'restore' ? restore : remove).mutateAsync();
    } catch (error) {
      onError(vpsToolsAlertKey(error, SNAPSHOT_CODES));
    }
  }

  return (
    <div className="vps-tool__actions">
      <button type="button" className="button button--secondary panel-button--danger" disabled={busy} onClick={() => setAsking('restore')}>
        {t('panel.vpsTools.snapshot.restore')}
      </button>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => setAsking('delete')}>
        {t('panel.vpsTools.snapshot.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t(`panel.vpsTools.snapshot.${asking}Title`)}
          text={t(`panel.vpsTools.snapshot.${asking}Text`, { date })}
          confirmLabel={t(`panel.vpsTools.snapshot.${asking}Confirm`)}
          confirmTone="danger"
          onConfirm={() => void send(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
