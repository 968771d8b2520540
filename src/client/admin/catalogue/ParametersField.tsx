import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Category } from '../../../shared/schemas/catalogue.js';
import type { ProductValues } from './product-form';

/** The characteristics the chosen categories (and their ancestors) declare, in declaration order. */
export function declaredParameters(categoryIds: readonly number[], byId: ReadonlyMap<number, Category>): string[] {
  const names = new Set<string>();
  for (const id of categoryIds) {
    const chain: Category[] = [];
    let current = byId.get(id);
    while (current && !chain.includes(current)) {
      chain.unshift(current);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    for (const category of chain) for (const name of category.parameters) names.add(name);
  }
  return [...names];
}

/**
 * Values of the product's characteristics: one field per characteristic its categories declare,
 * plus any the admin adds for this product alone (those can be removed again).
 */
export function ParametersField({ form, declared }: { form: UseFormReturnType<ProductValues>; declared: string[] }) {
  const [newName, setNewName] = useState('');
  const { parameters } = form.values;
  const own = Object.keys(parameters).filter((name) => !declared.includes(name));
  const setValue = (name: string, value: string) => form.setFieldValue('parameters', { ...form.getValues().parameters, [name]: value });
  const remove = (name: string) => {
    const { [name]: _removed, ...rest } = form.getValues().parameters;
    form.setFieldValue('parameters', rest);
  };
  const add = () => {
    const name = newName.trim();
    if (!name) return;
    if (!(name in parameters)) setValue(name, '');
    setNewName('');
  };

  return (
    <Stack>
      {declared.length === 0 && own.length === 0 && (
        <Text size="sm" c="dimmed">
          Выберите категории — их характеристики появятся здесь. Можно добавить и свои.
        </Text>
      )}
      {[...declared, ...own].map((name) => (
        <TextInput
          key={name}
          label={name}
          value={parameters[name] ?? ''}
          onChange={(event) => setValue(name, event.currentTarget.value)}
          error={form.errors[`parameters.${name}`]}
          rightSection={
            declared.includes(name) ? undefined : (
              <ActionIcon variant="subtle" color="gray" aria-label={`Убрать характеристику ${name}`} onClick={() => remove(name)}>
                <IconX size={16} />
              </ActionIcon>
            )
          }
        />
      ))}
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Своя характеристика"
          placeholder="Например, «Страна производства»"
          value={newName}
          onChange={(event) => setNewName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          flex={1}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
          Добавить
        </Button>
      </Group>
    </Stack>
  );
}
