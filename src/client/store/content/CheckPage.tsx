import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';

/** /check/{code}: where a QR code on the goods leads — genuine or not, and how often it was checked. */
export default function CheckPage() {
  useTitle('Проверка подлинности');
  const { code = '' } = useParams();
  const check = trpc.content.scanner.check.useMutation();
  const { mutate } = check;
  useEffect(() => {
    mutate({ code });
  }, [code, mutate]);

  const result = check.data;
  return (
    <Stack maw={640} mx="auto" gap="md">
      <Title order={1}>Проверка подлинности</Title>
      {!result && !check.error && (
        <Center h={120}>
          <Loader />
        </Center>
      )}
      {result?.genuine && (
        <Alert color="green" icon={<IconCircleCheck />} title="Товар подлинный" data-check="genuine">
          <Text>{result.title ? `${result.title}. ` : ''}Этот код выпущен нашим магазином.</Text>
          <Text mt="xs">
            {result.firstCheck
              ? 'Код проверяют впервые.'
              : `Код проверяли ${result.checks} раз(а), включая эту проверку. Если вы проверяете его впервые, товар мог быть подделан — свяжитесь с нами.`}
          </Text>
        </Alert>
      )}
      {result && !result.genuine && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Код не найден" data-check="unknown">
          Такого кода подлинности у нас нет. Проверьте, что адрес набран без ошибок, или свяжитесь с магазином.
        </Alert>
      )}
    </Stack>
  );
}
