import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

type PersonField = 'firstName' | 'lastName' | 'email';

interface PersonFieldsProps {
  form: { getInputProps(path: PersonField): GetInputPropsReturnType };
  /** The shopper's own details let the browser fill them in; an admin editing someone else's do not. */
  ownDetails?: boolean;
}

/** A person's name and e-mail, as the profile and the admin's user form ask for them. */
export function PersonFields({ form, ownDetails = false }: PersonFieldsProps) {
  return (
    <>
      <TextInput label="Имя" autoComplete={ownDetails ? 'given-name' : undefined} withAsterisk {...form.getInputProps('firstName')} />
      <TextInput label="Фамилия" autoComplete={ownDetails ? 'family-name' : undefined} {...form.getInputProps('lastName')} />
      <TextInput label="E-mail" type="email" autoComplete={ownDetails ? 'email' : undefined} withAsterisk {...form.getInputProps('email')} />
    </>
  );
}
