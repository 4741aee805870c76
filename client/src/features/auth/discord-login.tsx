import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { discordLoginUrl, fetchProviders } from './auth-api';

/** 'Discord' login: a plain link (full page load to the API); disabled with a note when off. */
export function DiscordLogin() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const noteId = useId();
  // null while asking the server; a failed answer counts as unavailable.
  const [available, setAvailable] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    fetchProviders()
      .then((providers) => live && setAvailable(providers.discord === true))
      .catch(() => live && setAvailable(false));
    return () => {
      live = false;
    };
  }, []);

  if (available) {
    return (
      <a className="button button--discord button--block" href={discordLoginUrl(lng)}>
        <DiscordIcon />
        {t('login.discord')}
      </a>
    );
  }
  return (
    <div>
      <button
        type="button"
        className="button button--discord button--block"
        disabled
        aria-describedby={available === false ? noteId : undefined}
      >
        <DiscordIcon />
        {t('login.discord')}
      </button>
      {available === false && (
        <p id={noteId} className="auth-note">
          {t('login.discordunavailable')}
        </p>
      )}
    </div>
  );
}

function DiscordIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.6 5.3A16.6 16.6 0 0 0 15.5 4l-.5 1a15.4 15.4 0 0 0-6 0L8.5 4a16.6 16.6 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.5 16.7a16.7 16.7 0 0 0 5 2.5l1.1-1.7a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11.4 0l.4.3-1.7.8 1.1 1.7a16.6 16.6 0 0 0 5-2.5c.5-4.3-.7-8-2.9-11.4ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z"
      />
    </svg>
  );
}
