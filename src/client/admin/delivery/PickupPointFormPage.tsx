import { Anchor, Group, NumberInput, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pickupPointMapUrl } from '../../../shared/delivery-rules.js';
import { pickupPointInputSchema, type PickupPoint, type PickupPointInput } from '../../../shared/schemas/delivery.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminNotFound } from '../ui/AdminNotFound';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { deliveryPaths } from './paths';
import { toasted } from '../ui/toasted';

interface PointValues {
  name: string;
  city: string;
  address: string;
  hours: string;
  latitude: number | string;
  longitude: number | string;
  active: boolean;
}

const emptyPoint: PointValues = { name: '', city: '', address: '', hours: '', latitude: '', longitude: '', active: true };

const asNumber = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

function toPointInput(values: PointValues): PickupPointInput {
  return { ...values, latitude: asNumber(values.latitude), longitude: asNumber(values.longitude) };
}

function pointToValues(point: PickupPoint): PointValues {
  return { name: point.name, city: point.city, address: point.address, hours: point.hours, latitude: point.latitude, longitude: point.longitude, active: point.active };
}

const resolvePoint = schemaResolver(pickupPointInputSchema, { sync: true });

function validatePoint(values: PointValues) {
  const errors = resolvePoint(toPointInput(values));
  if (values.latitude === '') errors['latitude'] = 'Укажите широту';
  if (values.longitude === '') errors['longitude'] = 'Укажите долготу';
  return errors;
}

const coordinateProps = { clampBehavior: 'none', decimalScale: 6, decimalSeparator: ',', hideControls: true, withAsterisk: true } as const;

/** /admin/delivery/points/create-point and /admin/delivery/points/{id}: where the point is, its hours, its place on the map. */
export function PickupPointFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const list = trpc.delivery.pickupPoints.all.useQuery({}, { enabled: id !== null, meta: { silent: true } });
  const saved = () => utils.delivery.invalidate();
  const create = trpc.delivery.pickupPoints.create.useMutation({ onSuccess: saved });
  const update = trpc.delivery.pickupPoints.update.useMutation({ onSuccess: saved });
  const loaded = id === null ? undefined : list.data?.find((point) => point.id === id);
  useTitle(id ? `Пункт самовывоза #${id}` : 'Новый пункт самовывоза');
  const form = useForm<PointValues>({ mode: 'controlled', initialValues: emptyPoint, validate: validatePoint });

  useEffect(() => {
    if (loaded) loadFormValues(form, pointToValues(loaded));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  if (id !== null && list.data && !loaded) return <AdminNotFound what="Запись" backTo={deliveryPaths.list} backLabel="К списку" />;
  const { latitude, longitude } = form.values;
  const placed = pickupPointInputSchema.shape.latitude.safeParse(latitude).success && pickupPointInputSchema.shape.longitude.safeParse(longitude).success;

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Пункт самовывоза: ${loaded?.name ?? ''}` : 'Новый пункт самовывоза'}
      loading={id !== null && list.isLoading}
      record={id ? list : undefined}
      saving={create.isPending || update.isPending}
      backTo={deliveryPaths.list}
      maw={720}
      onSubmit={form.onSubmit(toasted(async (values) => {
        const data = toPointInput(values);
        if (id) await update.mutateAsync({ pointId: id, data });
        else await create.mutateAsync(data);
        toastSuccess(id ? 'Пункт самовывоза сохранён' : 'Пункт самовывоза добавлен');
        void navigate(deliveryPaths.list);
      }))}
    >
      <FormSection>
        <TextInput label="Название" placeholder="Например: Магазин на Тверской" withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Город" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="Адрес" placeholder="Улица, дом" withAsterisk {...form.getInputProps('address')} />
        </SimpleGrid>
        <TextInput label="Часы работы" placeholder="Пн–Пт 10:00–20:00, Сб 11:00–18:00" withAsterisk {...form.getInputProps('hours')} />
        <Switch label="Работает" description="Закрытый пункт не предлагается покупателям" {...form.getInputProps('active', { type: 'checkbox' })} />
      </FormSection>
      <FormSection title="На карте">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput label="Широта" placeholder="55,757" {...coordinateProps} {...form.getInputProps('latitude')} />
          <NumberInput label="Долгота" placeholder="37,615" {...coordinateProps} {...form.getInputProps('longitude')} />
        </SimpleGrid>
        {placed && typeof latitude === 'number' && typeof longitude === 'number' ? (
          <Group>
            <Anchor href={pickupPointMapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4}>
                Проверить на Яндекс Картах <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Укажите широту и долготу, чтобы проверить точку на карте.
          </Text>
        )}
      </FormSection>
    </FormFrame>
  );
}
