import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AuthPanel } from '../accounts/AuthPanel';
import { CatalogueMenu } from '../catalogue/CatalogueMenu';
import { BasketSync } from '../orders/BasketSync';
import { OrderPanels } from '../orders/OrderPanels';
import { StoreFooter } from './StoreFooter';
import { StoreHeader } from './StoreHeader';

export function StoreLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <StoreHeader />
      <CatalogueMenu />
      <AuthPanel />
      <OrderPanels />
      <BasketSync />
      <Container component="main" size="xl" py="md" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <StoreFooter />
    </Box>
  );
}
