import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { slugify } from '../../../shared/transliterate.js';

interface UrlFieldProps extends TextInputProps {
  /** The Russian name the url is transliterated from. */
  fromName: string;
  onGenerate: (url: string) => void;
}

/** The url of an entity, with «Из названия» that transliterates the Russian name (as the tag form does). */
export function UrlField({ fromName, onGenerate, ...inputProps }: UrlFieldProps) {
  return (
    <TextInput
      label="URL"
      description="Латинские буквы, цифры и дефисы"
      withAsterisk
      {...inputProps}
      rightSectionWidth={130}
      rightSection={
        <Button size="compact-xs" variant="light" onClick={() => onGenerate(slugify(fromName))}>
          Из названия
        </Button>
      }
    />
  );
}
