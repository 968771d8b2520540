/** The HTML every letter (and every server-written page) is built from: escaping and the letter frame. */

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to stand in HTML content or in a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
}

/** The frame of every letter's HTML version: a Russian document with the shop's plain letter style. */
export function letterPage(body: string): string {
  return `<!doctype html>\n<html lang="ru"><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">\n${body}\n</body></html>`;
}

/** A link drawn as a button, followed by the same link written out for mail clients that drop styles. */
export function linkButton(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(label)}</a></p>
<p style="color: #666; font-size: 13px">Если кнопка не работает, откройте ссылку: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
}
