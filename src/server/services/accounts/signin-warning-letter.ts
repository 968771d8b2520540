import { escapeHtml, letterPage } from '../mail/html.js';
import type { Letter } from '../mail/mailer.js';

export const signinWarningSubject = 'Кто-то пытается подобрать пароль к вашей учётной записи';

/**
 * To the owner of an account whose budget of failed sign-ins strangers have used up. It carries no
 * link that acts (no token): it says what still works and where to start a reset.
 */
export function signinWarningLetter({ to, firstName, shopUrl }: { to: string; firstName: string; shopUrl: string }): Letter {
  const paragraphs = [
    firstName ? `Здравствуйте, ${firstName}!` : 'Здравствуйте!',
    'Кто-то пытается подобрать пароль к вашей учётной записи в нашем магазине: было много неудачных попыток входа с незнакомых устройств. Пока это продолжается, вход с новых устройств временно ограничен.',
    'Вход с устройств и из сетей, откуда вы уже входили, работает как обычно. Ссылка для сброса пароля работает откуда угодно: нажмите «Забыли пароль?» в форме входа на сайте магазина.',
    'Если это были вы и вы забыли пароль, просто восстановите его. Если нет — ничего делать не нужно, но надёжный пароль, который вы не используете на других сайтах, защитит вас лучше.',
    '— Магазин',
  ];
  const text = [...paragraphs.slice(0, 3), `Сайт магазина: ${shopUrl}`, ...paragraphs.slice(3)].join('\n\n');
  const html = letterPage(`${paragraphs
  .slice(0, 3)
  .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  .join('\n')}
<p><a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a></p>
${paragraphs
  .slice(3)
  .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  .join('\n')}`);
  return { to, subject: signinWarningSubject, text, html };
}
