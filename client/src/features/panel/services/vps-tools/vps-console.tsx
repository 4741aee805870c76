import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../ui/form-alert';
import { useOpenVpsConsole } from '../../api/open-vps-console';
import { vpsToolsAlertKey } from './vps-tools-errors';

type Outcome = { kind: 'opened'; sandbox: boolean } | { kind: 'blocked'; url: string; sandbox: boolean } | { kind: 'error'; key: string };

/**
 * "Console": OVH's browser console in a new tab. The tab is opened on the click (a browser lets a
 * click open one, not an answer arriving later), then sent to the URL; the URL lives in that tab only.
 */
export function VpsConsole({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const open = useOpenVpsConsole(serviceId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onOpen() {
    setOutcome(null);
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null; // the console's page cannot reach back into ours
    try {
      const { url, sandbox } = await open.mutateAsync();
      if (tab && !tab.closed) {
        tab.location.replace(url);
        setOutcome({ kind: 'opened', sandbox });
      } else {
        setOutcome({ kind: 'blocked', url, sandbox });
      }
    } catch (error) {
      tab?.close();
      setOutcome({ kind: 'error', key: vpsToolsAlertKey(error) });
    }
  }

  return (
    <section className="vps-tool" aria-labelledby="vps-console-title">
      <h3 id="vps-console-title" className="vps-tool__title">
        {t('panel.vpsTools.console.title')}
      </h3>
      <p className="vps-tool__intro">{t('panel.vpsTools.console.intro')}</p>
      {outcome?.kind === 'error' && <FormAlert tone="error">{t(outcome.key)}</FormAlert>}
      {outcome?.kind === 'opened' && (
        <FormAlert tone="success">
          {t('panel.vpsTools.console.opened')} {outcome.sandbox && t('panel.vpsTools.console.sandbox')}
        </FormAlert>
      )}
      {outcome?.kind === 'blocked' && (
        <FormAlert tone="info">
          {t('panel.vpsTools.console.blocked')}{' '}
          <a href={outcome.url} target="_blank" rel="noopener noreferrer">
            {t('panel.vpsTools.console.link')}
          </a>
        </FormAlert>
      )}
      <div className="vps-tool__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={open.isPending}
          aria-busy={open.isPending || undefined}
          onClick={() => void onOpen()}
        >
          {open.isPending ? t('panel.vpsTools.console.opening') : t('panel.vpsTools.console.open')}
        </button>
      </div>
    </section>
  );
}
