import { escapeHtml, letterPage, linkButton } from './html.js';
import type { Letter } from './mailer.js';

/** The shop's letters, in Russian; each has a plain-text and an HTML version. */

const shopName = 'Магазин';

function greeting(firstName: string): string {
  return firstName ? `Здравствуйте, ${firstName}!` : 'Здравствуйте!';
}

interface LinkLetter {
  to: string;
  firstName: string;
  subject: string;
  lead: string;
  action: string;
  link: string;
  note: string;
}

function linkLetter({ to, firstName, subject, lead, action, link, note }: LinkLetter): Letter {
  const text = [greeting(firstName), '', lead, '', `${action}: ${link}`, '', note, '', `— ${shopName}`].join('\n');
  const html = letterPage(`<p>${escapeHtml(greeting(firstName))}</p>
<p>${escapeHtml(lead)}</p>
${linkButton(link, action)}
<p style="color: #666; font-size: 13px">${escapeHtml(note)}</p>
<p>— ${shopName}</p>`);
  return { to, subject, text, html };
}

export function confirmEmailLetter(options: { to: string; firstName: string; link: string }): Letter {
  return linkLetter({
    ...options,
    subject: 'Подтвердите адрес электронной почты',
    lead: `Чтобы завершить регистрацию в интернет-магазине «${shopName}», подтвердите адрес электронной почты.`,
    action: 'Подтвердить e-mail',
    note: 'Ссылка действует 24 часа. Если вы не регистрировались в нашем магазине, просто удалите это письмо.',
  });
}

export function resetPasswordLetter(options: { to: string; firstName: string; link: string }): Letter {
  return linkLetter({
    ...options,
    subject: 'Восстановление пароля',
    lead: 'Мы получили запрос на смену пароля от вашей учётной записи.',
    action: 'Задать новый пароль',
    note: 'Ссылка действует 1 час и сработает один раз. Если вы не запрашивали смену пароля, ничего не делайте: пароль останется прежним.',
  });
}

export function helpDeskLetter(options: { to: string; name: string; email: string; message: string; userId: number | null }): Letter {
  const from = options.name ? `${options.name} <${options.email}>` : options.email;
  const account = options.userId ? `покупатель #${options.userId}` : 'без входа в учётную запись';
  const text = [`Новое обращение в службу поддержки`, `От: ${from} (${account})`, '', options.message].join('\n');
  const html = letterPage(`<p><b>Новое обращение в службу поддержки</b></p>
<p>От: ${escapeHtml(from)} (${escapeHtml(account)})</p>
<p style="white-space: pre-wrap">${escapeHtml(options.message)}</p>`);
  return { to: options.to, replyTo: options.email, subject: `Обращение в поддержку: ${options.name || options.email}`, text, html };
}
