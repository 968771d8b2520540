/** Pieces every letter uses to put text into its plain and HTML versions safely. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/**
 * Text a caller wrote (a name, an address), made unable to become a link in a mail client: after
 * compatibility normalisation (fullwidth dots and slashes become ASCII ones) a zero-width space
 * follows every dot, colon, slash and @ that is followed by more text, so no domain, scheme or
 * e-mail address survives as one token. It reads the same.
 */
export function inertText(text: string): string {
  return text.normalize('NFKC').replace(/([.:/@\u3002\uFF0E\uFF61])(?=\S)/g, '$1\u200B');
}
