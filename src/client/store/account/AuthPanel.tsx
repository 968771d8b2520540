/** The auth form panel (display flag `authForm`); sign-in and sign-up forms live here. */
export function AuthPanel() {
  return null;
}
