import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconHistory, IconMail, IconUsers, IconWebhook } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { useTitle } from '../../ui/use-title';

const sections = [
  { to: routes.adminShopSettings, icon: IconBuildingStore, title: 'Магазин', text: 'Способы оплаты и модерация отзывов и вопросов.' },
  { to: routes.adminUsers, icon: IconUsers, title: 'Пользователи', text: 'Покупатели и сотрудники: роли, подтверждение e-mail, создание и удаление.' },
  { to: routes.adminSubscribers, icon: IconMail, title: 'Подписчики', text: 'Подписчики рассылки и выгрузка списка.' },
  { to: routes.adminAuditLog, icon: IconHistory, title: 'Журнал действий', text: 'Кто из администраторов что и когда изменил.' },
  { to: routes.adminWebhooks, icon: IconWebhook, title: 'Вебхуки', text: 'События для интеграций: адреса, подписи, история доставок.' },
];

/** /admin/settings: the entry to the shop's settings, users, subscribers and webhooks. */
export function SettingsPage() {
  useTitle('Настройки');
  return (
    <Stack>
      <Title order={2}>Настройки</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={800}>
        {sections.map((section) => (
          <Card key={section.to} component={Link} to={section.to} withBorder padding="lg" radius="md">
            <section.icon size={28} stroke={1.5} />
            <Text fw={600} mt="sm">
              {section.title}
            </Text>
            <Text size="sm" c="dimmed">
              {section.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
