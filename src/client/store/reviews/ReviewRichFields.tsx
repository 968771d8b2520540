import { Group, Radio, Textarea } from '@mantine/core';
import { prosConsBounds, sizeFitLabels, sizeFitValues, type SizeFit } from '../../../shared/schemas/reviews-rich.js';

export interface RichValues {
  pros: string;
  cons: string;
  sizeFit: SizeFit | null;
}

interface ReviewRichFieldsProps {
  values: RichValues;
  onChange: (values: RichValues) => void;
  /** The product has sizes: the size fit is asked only then. */
  sized: boolean;
}

/** The review form's «Достоинства», «Недостатки» and, for sized goods, how the size fits. */
export function ReviewRichFields({ values, onChange, sized }: ReviewRichFieldsProps) {
  return (
    <>
      {sized && (
        <Radio.Group label="Размер" value={values.sizeFit ?? ''} onChange={(value) => onChange({ ...values, sizeFit: sizeFitValues.find((fit) => fit === value) ?? null })}>
          <Group gap="md" mt={6}>
            {sizeFitValues.map((value) => (
              <Radio key={value} value={value} label={sizeFitLabels[value]} />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Textarea
        label="Достоинства"
        autosize
        minRows={2}
        maxLength={prosConsBounds.max}
        value={values.pros}
        onChange={(event) => onChange({ ...values, pros: event.currentTarget.value })}
      />
      <Textarea
        label="Недостатки"
        autosize
        minRows={2}
        maxLength={prosConsBounds.max}
        value={values.cons}
        onChange={(event) => onChange({ ...values, cons: event.currentTarget.value })}
      />
    </>
  );
}
