import { formatPhone } from '../../../shared/phone.js';
import { escapeHtml, letterPage, linkButton } from '../mail/html.js';
import type { Letter } from '../mail/mailer.js';

/** Letters of the content domain; every letter to a subscriber carries its unsubscribe link. */

function unsubscribeFooter(unsubscribeLink: string): { text: string; html: string } {
  return {
    text: `Отписаться от рассылки: ${unsubscribeLink}`,
    html: `<p style="color: #666; font-size: 13px">Чтобы отписаться от рассылки, откройте ссылку: <a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(unsubscribeLink)}</a></p>`,
  };
}

export function confirmSubscriptionLetter(options: { to: string; confirmLink: string; unsubscribeLink: string }): Letter {
  const footer = unsubscribeFooter(options.unsubscribeLink);
  const lead = 'Кто-то (надеемся, вы) подписал этот адрес на новости интернет-магазина «Магазин». Подтвердите подписку — без этого мы не пришлём ни одного письма.';
  const text = ['Здравствуйте!', '', lead, '', `Подтвердить подписку: ${options.confirmLink}`, '', 'Если вы не подписывались, просто удалите это письмо.', footer.text, '', '— Магазин'].join('\n');
  const html = letterPage(`<p>Здравствуйте!</p>
<p>${escapeHtml(lead)}</p>
${linkButton(options.confirmLink, 'Подтвердить подписку')}
<p style="color: #666; font-size: 13px">Если вы не подписывались, просто удалите это письмо.</p>
${footer.html}
<p>— Магазин</p>`);
  return { to: options.to, subject: 'Подтвердите подписку на новости', text, html };
}

export function welcomeSubscriberLetter(options: { to: string; unsubscribeLink: string }): Letter {
  const footer = unsubscribeFooter(options.unsubscribeLink);
  const lead = 'Подписка подтверждена: теперь вы первыми узнаете о новинках, скидках и новостях магазина.';
  const text = ['Здравствуйте!', '', lead, '', footer.text, '', '— Магазин'].join('\n');
  const html = letterPage(`<p>Здравствуйте!</p>\n<p>${escapeHtml(lead)}</p>\n${footer.html}\n<p>— Магазин</p>`);
  return { to: options.to, subject: 'Вы подписаны на новости магазина', text, html };
}

/** To the shop only (SHOP_EMAIL): never to an address the caller typed. */
export function callbackLetter(options: { to: string; name: string; phone: string; comment: string }): Letter {
  const phone = formatPhone(options.phone);
  const lines = [`Имя: ${options.name}`, `Телефон: ${phone}`, ...(options.comment ? ['', options.comment] : [])];
  const text = ['Просьба перезвонить', '', ...lines].join('\n');
  const html = letterPage(`<p><b>Просьба перезвонить</b></p>
<p>Имя: ${escapeHtml(options.name)}<br>Телефон: ${escapeHtml(phone)}</p>
${options.comment ? `<p style="white-space: pre-wrap">${escapeHtml(options.comment)}</p>` : ''}`);
  return { to: options.to, subject: `Обратный звонок: ${options.name}, ${phone}`, text, html };
}
