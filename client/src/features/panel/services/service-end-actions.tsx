import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { FormAlert } from '../../../ui/form-alert';
import { formatLongDate } from '../../../ui/format-long-date';
import { useLanguage } from '../../../ui/use-language';
import { useCancelService } from '../api/cancel-service';
import { useKeepService } from '../api/keep-service';
import { CancelServiceDialog } from './cancel-service-dialog';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Whether the customer may end it now: a running (or suspended) service not already ending. */
const mayCancel = (service: ServiceDto) => (service.status === 'active' || service.status === 'suspended') && !service.period.endsAtTerm;
/** Whether an end asked for can still be taken back: before the service has ended. */
const mayKeep = (service: ServiceDto) => service.period.endsAtTerm && service.status !== 'terminated';

/**
 * "Résilier" (after a confirmation that says what it means) or, once asked, "Annuler la
 * résiliation". What happened is said beside the button, politely; a refusal as an alert.
 */
export function ServiceEndActions({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const cancel = useCancelService();
  const keep = useKeepService();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const name = service.product.name;
  const busy = cancel.isPending || keep.isPending;
  // The button pressed gives way to the other one: the focus follows, so the keyboard is not lost.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const ending = service.period.endsAtTerm;
  useEffect(() => {
    // Once the buttons are enabled again: a disabled button takes no focus.
    if (!moved.current || busy) return;
    moved.current = false;
    (ending ? keepRef : cancelRef).current?.focus();
  }, [ending, busy]);

  const endAtTerm = () => {
    setOutcome(null);
    cancel.mutate(service.id, {
      onSuccess: ({ service: ended }) => {
        moved.current = true;
        setOutcome({
          tone: 'success',
          text: ended.period.expiresAt
            ? t('panel.services.cancel.done', { name, date: formatLongDate(ended.period.expiresAt, lng) })
            : t('panel.services.cancel.doneNoDate', { name }),
        });
      },
      onError: () => setOutcome({ tone: 'error', text: t('panel.services.cancel.failed') }),
    });
  };
  const takeBack = () => {
    setOutcome(null);
    keep.mutate(service.id, {
      onSuccess: () => {
        moved.current = true;
        setOutcome({ tone: 'success', text: t('panel.services.undo.done', { name }) });
      },
      onError: () => setOutcome({ tone: 'error', text: t('panel.services.undo.failed') }),
    });
  };

  if (!mayCancel(service) && !mayKeep(service) && !outcome) return null;
  return (
    <div className="service-actions">
      {mayCancel(service) && (
        <button
          ref={cancelRef}
          type="button"
          className="button button--secondary button--small service-actions__cancel"
          disabled={busy}
          aria-busy={cancel.isPending}
          onClick={() => setAsking(true)}
        >
          {cancel.isPending && <span className="spinner" aria-hidden="true" />}
          {t(cancel.isPending ? 'panel.services.cancel.busy' : 'panel.services.cancel.button')}
        </button>
      )}
      {mayKeep(service) && (
        <button
          ref={keepRef}
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-busy={keep.isPending}
          onClick={takeBack}
        >
          {keep.isPending && <span className="spinner" aria-hidden="true" />}
          {t(keep.isPending ? 'panel.services.undo.busy' : 'panel.services.undo.button')}
        </button>
      )}
      {outcome && <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>}
      {asking && <CancelServiceDialog service={service} onConfirm={endAtTerm} onClose={() => setAsking(false)} />}
    </div>
  );
}
