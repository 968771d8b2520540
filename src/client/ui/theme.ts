import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * WCAG 2.2 AA (see docs/client.md): filled buttons, badges and coloured text use shade 8 in the light scheme
 * (`primaryShade`), and shades 8–9 of the colours the shop uses are dark enough for 4.5:1 against
 * white and against their own light tints (shade 0, the background of light badges and alerts).
 */
const blue: MantineColorsTuple = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1864ab', '#124d84'];
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2f9e44', '#256c34', '#1c5428'];
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#e8590c', '#9c4a00', '#7a3a00'];
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#c92a2a', '#a51d1d'];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  colors: { blue, green, orange, red },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  // A visible focus ring on every interactive element, also after a mouse click in a list.
  focusRing: 'auto',
  // Every dialog's and drawer's close button has a Russian name; a screen can still give a more precise one.
  // Plain objects, not Modal.extend(): importing the components here would pull them into the first load.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
  },
});

/** Dimmed text (brands, counts, hints, old prices) at 5.7:1 on white instead of Mantine's 3.3:1; error texts dark enough too. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Error texts under fields at 5.6:1 (red 8) instead of Mantine's red 6 (3.6:1).
  light: { '--mantine-color-dimmed': '#5f6770', '--mantine-color-anchor': '#1864ab', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
