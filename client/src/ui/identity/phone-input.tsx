import { useLayoutEffect, useRef, type ChangeEvent, type RefCallback } from 'react';
import type { FieldControlProps } from '../form-field';
import { digitsOf, emptyPhone, positionAfterDigits, removeDigitAt, typePhone, type PhoneUpdate } from './phone';

interface Props {
  control: FieldControlProps;
  value: string;
  country: string;
  onChange: (update: PhoneUpdate) => void;
  /** For a form library that focuses the first field in error. */
  inputRef?: RefCallback<HTMLInputElement>;
}

/** The phone field: '+<dial code>' prefix, formatted by the country's mask as the user types. */
export function PhoneInput({ control, value, country, onChange, inputRef }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // After a reformat the caret goes back after the same number of digits, not to the end.
  const caretDigits = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caretDigits.current === null || !element || document.activeElement !== element) return;
    const position = positionAfterDigits(value, caretDigits.current);
    element.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [value]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    let raw = event.target.value;
    let digitsBefore = digitsOf(raw.slice(0, event.target.selectionStart ?? raw.length)).length;
    // Backspace on a space of the mask deletes the digit before it, as the user means.
    const inputType = (event.nativeEvent as InputEvent).inputType;
    if (inputType === 'deleteContentBackward' && digitsOf(raw) === digitsOf(value) && raw.length < value.length && digitsBefore > 0) {
      raw = removeDigitAt(raw, digitsBefore - 1);
      digitsBefore -= 1;
    }
    const update = typePhone(raw, country);
    if (!update) return; // more than 15 digits: the controlled input keeps its value
    caretDigits.current = digitsBefore;
    onChange(update);
  }

  return (
    <input
      ref={(element) => {
        input.current = element;
        inputRef?.(element);
      }}
      className="input"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      value={value}
      onChange={handleChange}
      onFocus={() => {
        if (!value) onChange({ value: emptyPhone(country), country });
      }}
      {...control}
    />
  );
}
