import { Alert, Button, Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatRubles } from '../../../shared/money.js';
import { emailSchema } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { errorMessageOf } from '../../ui/toast';
import { useOpenedAfterMount } from '../../ui/use-opened-after-mount';
import type { StockAlertButtonProps } from './StockAlertButton';

interface StockAlertDialogProps extends StockAlertButtonProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The «Сообщить о поступлении» dialog (StockAlertButton): a lazy chunk, so the product page does not
 * load the form, its e-mail schema and the dialog's code until a shopper opens it.
 */
export default function StockAlertDialog({ productId, variantId, sizeId, price, opened, onClose }: StockAlertDialogProps) {
  const { user } = useAuth();
  const shown = useOpenedAfterMount(opened);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [priceDrop, setPriceDrop] = useState(false);
  const create = trpc.stockAlerts.create.useMutation();
  const formId = `stock-alert-${productId}-${variantId}-${sizeId ?? 'one'}`;

  const close = () => {
    onClose();
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        setEmailError(parsed.error.issues[0]?.message ?? 'Укажите e-mail');
        return;
      }
      setEmailError(null);
      create.mutate({ variantId, sizeId, email: parsed.data, priceDrop, price });
      return;
    }
    create.mutate({ variantId, sizeId, priceDrop, price });
  };

  const address = user ? user.email : email.trim().toLowerCase();
  return (
    <Modal opened={shown} onClose={close} title="Сообщить о поступлении" centered closeButtonProps={{ 'aria-label': 'Закрыть' }}>
      {create.data ? (
        <Stack>
          <Alert color="green" role="status">
            {create.data.status === 'active'
              ? `Готово! Мы напишем на ${address}, когда товар появится в наличии.`
              : `Проверьте почту: мы отправили письмо на ${address}. Оповещение заработает после перехода по ссылке из письма.`}
          </Alert>
          <Button onClick={close} w="fit-content">
            Понятно
          </Button>
        </Stack>
      ) : (
        <form id={formId} noValidate onSubmit={submit}>
          <Stack>
            <Text size="sm">Этого товара сейчас нет в наличии. Мы пришлём одно письмо, когда он появится.</Text>
            {user ? (
              <Text size="sm">
                Письмо придёт на <b>{user.email}</b>.
              </Text>
            ) : (
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="email"
                withAsterisk
                value={email}
                error={emailError}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setEmailError(null);
                }}
              />
            )}
            <Checkbox
              label="Сообщить и о снижении цены"
              description={`Если цена станет ниже ${formatRubles(price)}`}
              checked={priceDrop}
              onChange={(event) => setPriceDrop(event.currentTarget.checked)}
            />
            {create.error && <Alert color="red">{errorMessageOf(create.error)}</Alert>}
            <Button type="submit" loading={create.isPending}>
              Сообщить мне
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
