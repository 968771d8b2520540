/** Text a caller wrote, made safe to put into a letter (the HTML side is in mail/html.ts). */

/**
 * Text a caller wrote (a name, an address), made unable to become a link in a mail client: after
 * compatibility normalisation (fullwidth dots and slashes become ASCII ones) a zero-width space
 * follows every dot, colon, slash and @ that is followed by more text, so no domain, scheme or
 * e-mail address survives as one token. It reads the same.
 */
export function inertText(text: string): string {
  return text.normalize('NFKC').replace(/([.:/@\u3002\uFF0E\uFF61])(?=\S)/g, '$1\u200B');
}
