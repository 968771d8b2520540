import { Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatPhone } from '../../../shared/phone.js';
import type { Address } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { AddressFormModal } from './AddressFormModal';

/** The default first, then in the order they were saved. */
const byDefaultFirst = (a: Address, b: Address) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id;

const recipientOf = (address: Address) => [address.firstName, address.lastName].filter(Boolean).join(' ');

/** The profile's «Мои адреса»: saved addresses as cards, added, edited, deleted, one made the default. */
export function ProfileAddresses() {
  const addresses = trpc.orders.addresses.list.useQuery({ limit: 100 }, { meta: { silent: true } });
  const rows = [...(addresses.data?.rows ?? [])].sort(byDefaultFirst);
  // null: the form is closed; 'new': adding; an address: editing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const utils = trpc.useUtils();
  const changed = (message: string) => () => {
    void utils.orders.addresses.list.invalidate();
    toastSuccess(message);
  };
  const update = trpc.orders.addresses.update.useMutation({ onSuccess: changed('Основной адрес изменён') });
  const remove = trpc.orders.addresses.delete.useMutation({ onSuccess: changed('Адрес удалён') });
  // PUT takes the whole address: the same fields again, now the default.
  const makeDefault = ({ id, firstName, lastName, address, city, country, zipCode, phone }: Address) =>
    update.mutate({ addressId: id, firstName, lastName, address, city, country, zipCode, ...(phone ? { phone } : {}), isDefault: true });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-addresses">
      <Stack>
        <Group justify="space-between" gap="xs">
          <Title order={4} id="my-addresses">
            Мои адреса
          </Title>
          <Button variant="light" size="sm" onClick={() => setEditing('new')}>
            Добавить адрес
          </Button>
        </Group>
        {addresses.isLoading ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text c="dimmed">Сохраните адрес — им будет заполняться оформление заказа.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {rows.map((address) => (
              <Card key={address.id} withBorder radius="md" padding="sm" component="article" aria-label={`Адрес: ${address.city}, ${address.address}`}>
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600}>{recipientOf(address)}</Text>
                    {address.isDefault && (
                      <Badge variant="light" color="green">
                        Основной
                      </Badge>
                    )}
                  </Group>
                  {address.phone && <Text size="sm">{formatPhone(address.phone)}</Text>}
                  <Text size="sm" c="dimmed">
                    {[address.zipCode, address.city, address.address, address.country].filter(Boolean).join(', ')}
                  </Text>
                </Stack>
                <Group gap="xs" mt="sm">
                  <Button size="xs" variant="default" onClick={() => setEditing(address)} aria-label={`Изменить адрес: ${address.city}, ${address.address}`}>
                    Изменить
                  </Button>
                  {!address.isDefault && (
                    <Button size="xs" variant="light" loading={update.isPending && update.variables.addressId === address.id} onClick={() => makeDefault(address)}>
                      Сделать основным
                    </Button>
                  )}
                  <ConfirmButton size="xs" question="Удалить этот адрес?" onConfirm={() => remove.mutate({ addressId: address.id })} aria-label={`Удалить адрес: ${address.city}, ${address.address}`}>
                    Удалить
                  </ConfirmButton>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {editing !== null && <AddressFormModal address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
