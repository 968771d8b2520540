import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState, type ChangeEvent } from 'react';
import { slugify } from '../../../shared/transliterate.js';

interface UrlFieldProps extends Omit<TextInputProps, 'onChange'> {
  /** The Russian name the url is transliterated from. */
  fromName: string;
  value: string;
  onChange: (url: string) => void;
  /** On a new record the url follows the name until the admin edits the url itself. */
  followName: boolean;
}

/**
 * The «адрес (url)» of a record. On a new record it fills itself from the name as the admin types
 * (transliterated), and stops following once the admin changes it; «Из названия» makes it again.
 */
export function UrlField({ fromName, value, onChange, followName, ...inputProps }: UrlFieldProps) {
  const [following, setFollowing] = useState(followName);
  useEffect(() => {
    if (following && fromName) onChange(slugify(fromName));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the name drives the url
  }, [fromName, following]);

  return (
    <TextInput
      label="Адрес (url)"
      description="Латинские буквы, цифры и дефисы; заполняется из названия"
      withAsterisk
      {...inputProps}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setFollowing(false);
        onChange(event.currentTarget.value);
      }}
      rightSectionWidth={130}
      rightSection={
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            setFollowing(true);
            onChange(slugify(fromName));
          }}
        >
          Из названия
        </Button>
      }
    />
  );
}
