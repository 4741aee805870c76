import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REVIEW_COMMENT_MAX } from '../../../../shared/ratings/review-status';
import { FormField } from '../form-field';
import { StarRatingInput } from './star-rating-input';
import type { SubmitResult } from './use-ratings';

export interface RatingFormProps {
  submitting: boolean;
  /** Sends the vote (spec §5: none chosen is silently not sent; a visitor is asked to log in). */
  submit: (rating: number, comment: string) => Promise<SubmitResult>;
  onRated: () => void;
}

/**
 * The star form with its optional comment, shown until the session user has rated. Its own chunk
 * (ratings-block.tsx loads it once the summary is read): the pages that show it stay lighter.
 */
export function RatingForm({ submitting, submit, onRated }: RatingFormProps) {
  const { t } = useTranslation();
  const commentId = useId();
  const form = useForm({ defaultValues: { rating: 0, comment: '' } });
  const comment = useWatch({ control: form.control, name: 'comment' });

  const onSubmit = form.handleSubmit(async ({ rating, comment: text }) => {
    if ((await submit(rating, text)) === 'submitted') onRated();
  });

  return (
    <form className="ratings__form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="ratings__invite">{t('home.testimonials.formInvite')}</p>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => <StarRatingInput value={field.value} onChange={field.onChange} disabled={submitting} />}
      />
      <FormField
        id={commentId}
        className="ratings__comment"
        label={t('home.testimonials.commentLabel')}
        hint={
          <>
            {t('home.testimonials.commentHint')}{' '}
            <span className="ratings__comment-count">{t('home.testimonials.commentCount', { count: comment.length })}</span>
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register('comment')}
            className="input ratings__comment-input"
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            disabled={submitting}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting && <span className="spinner" aria-hidden="true" />}
        {t('home.testimonials.submit')}
      </button>
    </form>
  );
}
