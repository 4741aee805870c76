import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';
import { useVpsView } from './use-vps-view';
import type { ActionProblem } from './vps-action-problem';

/** Why the last action was refused, and what to do about it (beside the spec's alert). */
export function VpsActionFeedback({ problem }: { problem: ActionProblem }) {
  const { t } = useTranslation();
  const { invoicesHref } = useVpsView();
  switch (problem.kind) {
    case 'rateLimited':
      return <FormAlert tone="error">{t('panel.actions.rateLimited', { n: problem.seconds })}</FormAlert>;
    case 'suspended':
      return (
        <FormAlert tone="error">
          {t('panel.actions.suspended')} <Link to={invoicesHref}>{t('panel.vps.suspendedLink')}</Link>
        </FormAlert>
      );
    case 'busy':
      return <FormAlert tone="error">{t('panel.actions.busy')}</FormAlert>;
    case 'cloudUnavailable':
      return <FormAlert tone="error">{t('panel.actions.cloudUnavailable')}</FormAlert>;
  }
}
