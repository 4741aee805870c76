import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const VALUES = [1, 2, 3, 4, 5] as const;

/**
 * Five native radio buttons drawn as stars: Tab reaches the group, the arrow keys choose,
 * a screen reader reads "3 sur 5". 0 means nothing chosen yet.
 */
export function StarRatingInput({
  value,
  onChange,
  disabled = false,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();

  return (
    <fieldset className="star-input" disabled={disabled}>
      <legend className="star-input__legend">{t('home.testimonials.formLegend')}</legend>
      <div className="star-input__stars">
        {VALUES.map((star) => {
          const id = `${name}-${star}`;
          return [
            <input
              key={`input-${star}`}
              id={id}
              className="star-input__radio"
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />,
            <label key={`label-${star}`} htmlFor={id} className={`star-input__star${star <= value ? ' star-input__star--on' : ''}`}>
              <StarShape />
              <span className="visually-hidden">{t('home.testimonials.starLabel', { value: star })}</span>
            </label>,
          ];
        })}
      </div>
    </fieldset>
  );
}

export function StarShape({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8z"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
