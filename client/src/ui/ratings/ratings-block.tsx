import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../form-alert';
import { useLanguage } from '../use-language';
import { AverageStars } from './average-stars';
import { formatOneDecimal } from '../../../../shared/i18n/format-decimal';
import { useRatings } from './use-ratings';
import '../../styles/ratings.css';

// The form's code (react-hook-form with it) loads once the summary is read: it is never in the server's HTML.
const RatingForm = lazy(() => import('./rating-form').then((m) => ({ default: m.RatingForm })));

/**
 * The service rating (spec §2, §4, §5, §8): the average out of 5 with one decimal and the vote
 * count for everyone; the star form, with an optional comment published after moderation
 * (issue 17), until the session user has rated; then a thank-you.
 */
export function RatingsBlock() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const { summary, loading, submitting, alert, rated, commentSent, submit } = useRatings();
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const [justRated, setJustRated] = useState(false);

  // The form the focus was in is gone: the thank-you takes the focus so it is read out.
  useEffect(() => {
    if (justRated && rated) thanksRef.current?.focus();
  }, [justRated, rated]);

  const average = formatOneDecimal(summary.average, lng);

  return (
    <div className="ratings">
      <div className="ratings__summary" aria-busy={loading || undefined}>
        <p className="ratings__label">{t('home.testimonials.averageLabel')}</p>
        <p className="ratings__score">
          <span className="ratings__average">{loading ? '–' : average}</span>
          <span className="ratings__outof">{t('home.testimonials.outOf')}</span>
        </p>
        <AverageStars average={loading ? 0 : summary.average} />
        <p className="ratings__count">{t('home.testimonials.votes', { count: loading ? 0 : summary.count })}</p>
      </div>

      <div className="ratings__action">
        {rated ? (
          <p ref={thanksRef} tabIndex={-1} className="ratings__thanks" role="status">
            <span className="ratings__thanks-title">{t('home.testimonials.thanksTitle')}</span>{' '}
            <span>
              {summary.userRating !== null
                ? t('home.testimonials.thanksRating', { rating: summary.userRating })
                : t('home.testimonials.thanksText')}
            </span>
            {justRated && commentSent && <span className="ratings__thanks-note">{t('home.testimonials.thanksComment')}</span>}
          </p>
        ) : (
          !loading && (
            <Suspense fallback={null}>
              <RatingForm submitting={submitting} submit={submit} onRated={() => setJustRated(true)} />
            </Suspense>
          )
        )}
        {alert === 'mustLogin' && (
          <FormAlert tone="error">
            {t('home.testimonials.mustLogin')}{' '}
            <Link to={`/${lng}/login`} state={{ fromInside: true, from: `${location.pathname}${location.search}` }}>
              {t('home.testimonials.loginLink')}
            </Link>
          </FormAlert>
        )}
        {alert === 'error' && <FormAlert tone="error">{t('home.testimonials.error')}</FormAlert>}
      </div>
    </div>
  );
}
