import { useTranslation } from 'react-i18next';
import { USER_TYPES, type UserType } from '../../../../shared/constants';

/** Particulier / business, as two radio buttons drawn as a segmented control. */
export function AccountTypeToggle({ value, onChange }: { value: UserType; onChange: (type: UserType) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented">
      <legend className="field__label">{t('register.accountType')}</legend>
      <div className="segmented__options">
        {USER_TYPES.map((type) => (
          <label key={type} className="segmented__option">
            <input type="radio" name="userType" value={type} checked={value === type} onChange={() => onChange(type)} />
            <span>{t(`register.${type}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
