import { TextInput, type TextInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { formatPhoneInput } from '../../shared/phone.js';

type PhoneInputProps = Omit<TextInputProps, 'type' | 'value' | 'defaultValue' | 'onChange'> & {
  value?: string;
  defaultValue?: string;
  /** Gets the text as the mask shows it (`+7 (900) 123-45-67`); the server stores the normal form. */
  onChange?: (value: string) => void;
};

/**
 * A phone field (docs/client.md): a TextInput for phones whose text is shown through the mask
 * «+7 (___) ___-__-__» as it is typed or pasted («8 900 123 45 67» becomes «+7 (900) 123-45-67»).
 * Works with `form.getInputProps` in controlled and uncontrolled forms alike.
 */
export function PhoneInput({ value, defaultValue, onChange, ...props }: PhoneInputProps) {
  const [shown, setShown] = useUncontrolled({
    value: value === undefined ? undefined : formatPhoneInput(value),
    defaultValue: formatPhoneInput(defaultValue ?? ''),
    finalValue: '',
    onChange,
  });
  return (
    <TextInput
      label="Телефон"
      placeholder="+7 (___) ___-__-__"
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={shown}
      onChange={(event) => setShown(formatPhoneInput(event.currentTarget.value))}
    />
  );
}
