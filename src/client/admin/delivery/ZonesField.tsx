import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyZone, type MethodValues } from './method-form';

/** What the admin typed stays as typed (no clamping on blur); the shared schema says what is wrong. */
export const moneyProps = { clampBehavior: 'none', decimalScale: 2, thousandSeparator: ' ', decimalSeparator: ',', rightSection: '₽', hideControls: true } as const;
export const daysProps = { clampBehavior: 'none', allowDecimal: false, rightSection: 'дн.', rightSectionWidth: 40 } as const;

/** A courier's zones: each its cities, its price, its free-delivery threshold and its days. */
export function ZonesField({ form }: { form: UseFormReturnType<MethodValues> }) {
  const { zones } = form.values;
  return (
    <Stack>
      {zones.length === 0 && (
        <Text size="sm" c={form.errors['zones'] ? 'red.8' : 'dimmed'} role={form.errors['zones'] ? 'alert' : undefined}>
          {form.errors['zones'] ?? 'Курьер доставляет только в города своих зон.'}
        </Text>
      )}
      {zones.map((zone, index) => (
        <Fieldset key={zone.key} legend={`Зона ${index + 1}`} radius="md">
          <Stack>
            <TextInput label="Название зоны" placeholder="Например: Москва в пределах МКАД" withAsterisk {...form.getInputProps(`zones.${index}.name`)} />
            <TagsInput
              label="Города"
              description="Введите город и нажмите Enter"
              withAsterisk
              splitChars={[',', ';']}
              {...form.getInputProps(`zones.${index}.cities`)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput label="Цена" withAsterisk {...moneyProps} {...form.getInputProps(`zones.${index}.price`)} />
              <NumberInput label="Бесплатно от" description="Сумма товаров; пусто — всегда платно" {...moneyProps} {...form.getInputProps(`zones.${index}.freeFrom`)} />
              <NumberInput label="Срок от" withAsterisk {...daysProps} {...form.getInputProps(`zones.${index}.minDays`)} />
              <NumberInput label="Срок до" withAsterisk {...daysProps} {...form.getInputProps(`zones.${index}.maxDays`)} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => form.removeListItem('zones', index)}>
                Удалить зону {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('zones', emptyZone())}>
          Добавить зону
        </Button>
      </Group>
    </Stack>
  );
}
