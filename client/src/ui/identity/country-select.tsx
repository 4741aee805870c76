import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '../form-field';
import { useLanguage } from '../use-language';
import { loadCountryOptions, type CountryOption } from './country-names';

interface Props {
  control: FieldControlProps;
  value: string;
  onChange: (country: string) => void;
  /** For a form library that focuses the first field in error. */
  inputRef?: Ref<HTMLSelectElement>;
}

/** Every country, named and sorted in the page's language. */
export function CountrySelect({ control, value, onChange, inputRef }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [options, setOptions] = useState<CountryOption[] | null>(null);

  useEffect(() => {
    let live = true;
    loadCountryOptions(lng)
      .then((list) => live && setOptions(list))
      .catch(() => undefined); // the chunk could not load: the current country stays selectable
    return () => {
      live = false;
    };
  }, [lng]);

  // Until the names arrive (or if they cannot), the chosen country stays a valid value.
  const list = options ?? [{ code: value, name: t('register.countriesLoading') }];
  return (
    <select
      ref={inputRef}
      className="select"
      autoComplete="country"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-busy={options ? undefined : true}
      {...control}
    >
      {list.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
