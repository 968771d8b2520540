import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { routes } from '../../routes';
import { customerName } from './format';

/** The order's recipient: name, e-mail, phone, account, address. */
export function CheckoutCustomer({ order }: { order: Checkout }) {
  return (
    <>
      <Text>{customerName(order)}</Text>
      {order.email && (
        <Anchor href={`mailto:${order.email}`} size="sm">
          {order.email}
        </Anchor>
      )}
      <Anchor href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} size="sm">
        {order.phone}
      </Anchor>
      <Text size="sm" c="dimmed">
        {order.userId ? (
          <Anchor component={Link} to={`${routes.adminUsers}/${order.userId}`} size="sm">
            Пользователь ID {order.userId}
          </Anchor>
        ) : (
          'Без регистрации'
        )}
      </Text>
      <Text size="sm">{[order.zipCode, order.city, order.address].filter(Boolean).join(', ')}</Text>
    </>
  );
}
