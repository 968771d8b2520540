import { Stack, TextInput, Textarea } from '@mantine/core';
import { slideInputSchema, slideTextLimits } from '../../../shared/schemas/content.js';

export type SlideText = { title: string; subtitle: string; buttonText: string; link: string };

const slideTextSchema = slideInputSchema.pick({ title: true, subtitle: true, buttonText: true, link: true });

/** Each field's first message from the shared slide schema (the server checks the same one). */
export function slideFieldErrors(slide: SlideText): Partial<Record<keyof SlideText, string>> {
  const checked = slideTextSchema.safeParse(slide);
  const errors: Partial<Record<keyof SlideText, string>> = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'subtitle' || field === 'buttonText' || field === 'link') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The text a slide shows over its picture and where its button leads. Empty fields are not
 * shown; without «Текст кнопки» the heading itself is the link.
 */
export function SlideTextFields({ value, number, onChange }: { value: SlideText; number: number; onChange: (fields: Partial<SlideText>) => void }) {
  const errors = slideFieldErrors(value);
  const limit = (max: number, text: string) => `${text.length} из ${max}`;
  return (
    <Stack gap="xs" style={{ flex: 1 }}>
      <TextInput
        label="Заголовок"
        description={limit(slideTextLimits.title, value.title)}
        size="xs"
        value={value.title}
        error={errors.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        aria-label={`Заголовок слайда ${number}`}
      />
      <Textarea
        label="Подзаголовок"
        description={limit(slideTextLimits.subtitle, value.subtitle)}
        size="xs"
        autosize
        minRows={1}
        maxRows={4}
        value={value.subtitle}
        error={errors.subtitle}
        onChange={(event) => onChange({ subtitle: event.currentTarget.value })}
        aria-label={`Подзаголовок слайда ${number}`}
      />
      <TextInput
        label="Текст кнопки"
        description={limit(slideTextLimits.buttonText, value.buttonText)}
        size="xs"
        placeholder="Перейти в каталог"
        value={value.buttonText}
        error={errors.buttonText}
        onChange={(event) => onChange({ buttonText: event.currentTarget.value })}
        aria-label={`Текст кнопки слайда ${number}`}
      />
      <TextInput
        label="Ссылка"
        size="xs"
        placeholder="/catalog?tags=skidka"
        value={value.link}
        error={errors.link}
        onChange={(event) => onChange({ link: event.currentTarget.value })}
        aria-label={`Ссылка слайда ${number}`}
      />
    </Stack>
  );
}
