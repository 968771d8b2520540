import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AuthPanel } from '../accounts/AuthPanel';
import { CatalogueMenu } from '../catalogue/CatalogueMenu';
import { BasketSync } from '../orders/BasketSync';
import { OrderPanels } from '../orders/OrderPanels';
import { StoreFooter } from './StoreFooter';
import { StoreHeader } from './StoreHeader';
import { skipTargets } from '../../ui/skip-targets';
import { SkipLinks } from './SkipLinks';

export function StoreLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLinks />
      <StoreHeader />
      <CatalogueMenu />
      <AuthPanel />
      <OrderPanels />
      <BasketSync />
      <Container component="main" id={skipTargets.main} size="xl" py="md" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <StoreFooter />
    </Box>
  );
}
