import { Alert, Badge, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { roleLabels } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileAddresses } from '../orders/ProfileAddresses';
import { ProfileOrders } from '../orders/ProfileOrders';
import { HelpDeskForm } from './HelpDeskForm';
import { ProfileDetailsForm } from './ProfileDetailsForm';

const MyReviews = lazy(() => import('../reviews/MyReviews'));

/** /profile: the signed-in shopper's own data, password and help desk. */
export default function ProfilePage() {
  useTitle('Личный кабинет');
  const { user, loading, signOut } = useAuth();
  const { show } = useDisplayFlags();
  const navigate = useNavigate();
  const resend = trpc.accounts.users.emailConfirmation.useMutation({ onSuccess: () => toastSuccess(accountMessages.confirmationSent) });

  if (loading && !user) {
    return (
      <Center h="40vh">
        <Loader />
      </Center>
    );
  }
  if (!user) {
    return (
      <Stack maw={520} mx="auto" py="xl" align="flex-start">
        <Title order={2}>Личный кабинет</Title>
        <Text>Войдите или зарегистрируйтесь, чтобы видеть свои данные.</Text>
        <Button onClick={() => show('authForm')}>Войти</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>Личный кабинет</Title>
          <Group gap="xs">
            <Text fw={500}>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</Text>
            <Badge variant="light">{roleLabels[user.role]}</Badge>
            {user.isVerified ? (
              <Badge color="green" variant="light">
                E-mail подтверждён
              </Badge>
            ) : (
              <Badge color="orange" variant="light">
                E-mail не подтверждён
              </Badge>
            )}
          </Group>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            signOut();
            toastSuccess(accountMessages.signedOut);
            void navigate(routes.home);
          }}
        >
          Выйти
        </Button>
      </Group>

      {!user.isVerified && (
        <Alert color="orange" title="Подтвердите e-mail">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Мы отправили письмо со ссылкой на {user.email}. Ссылка действует 24 часа.</Text>
            <Button size="xs" variant="light" color="orange" loading={resend.isPending} onClick={() => resend.mutate({})}>
              Отправить письмо ещё раз
            </Button>
          </Stack>
        </Alert>
      )}

      <ProfileOrders />
      <ProfileAddresses />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileDetailsForm user={user} />
        <ChangePasswordForm />
      </SimpleGrid>
      <Suspense fallback={null}>
        <MyReviews userId={user.id} />
      </Suspense>
      <HelpDeskForm user={user} />
    </Stack>
  );
}
