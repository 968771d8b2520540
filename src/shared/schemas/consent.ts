import { z } from '../zod.js';

/**
 * Consent to the processing of personal data (152-ФЗ): every form that sends a person's details
 * (sign-up, checkout, one-click, subscription, callback) carries it, and the server refuses a
 * submission without it (docs/legal.md).
 */
export const consentMessage = 'Подтвердите согласие на обработку персональных данных';

/** `consent: true` — the shopper ticked «Я согласен на обработку персональных данных». */
export const consentSchema = z.literal(true, { error: consentMessage }).meta({
  description: 'Согласие на обработку персональных данных (152-ФЗ): только true; без него запрос отклоняется (400).',
});

export const consentShape = { consent: consentSchema };
