import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A form's values with the consent as the checkbox holds it: unticked (false) until the shopper ticks it. */
export type WithConsent<T extends { consent: true }> = Omit<T, 'consent'> & { consent: boolean };

/**
 * The consent to the processing of personal data (152-ФЗ, docs/legal.md) every form that sends a
 * person's details carries; the policy opens in a new tab so that the form keeps what was typed.
 * Bind it with `form.getInputProps('consent', { type: 'checkbox' })`; the shared schema's message
 * is its error.
 */
export function ConsentCheckbox(props: Omit<CheckboxProps, 'label'>) {
  return (
    <Checkbox
      {...props}
      label={
        <>
          Я согласен(на) на обработку персональных данных в соответствии с{' '}
          <Anchor component={Link} to="/privacy" target="_blank" inherit underline="always">
            политикой конфиденциальности
          </Anchor>
        </>
      }
    />
  );
}
