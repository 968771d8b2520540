import { formatRubles, toRubles } from '../../../shared/money.js';
import { escapeHtml, letterPage, linkButton } from '../mail/html.js';
import type { Letter } from '../mail/mailer.js';

/**
 * The alerts' letters, in Russian, plain text and HTML. Every one carries the alert's cancel link
 * (its page also cancels every alert of the address). Product, colour and size names are the
 * shop's own text.
 */

export interface AlertedItem {
  productName: string;
  colorName: string | null;
  sizeName: string | null;
}

export function itemLabel(item: AlertedItem): string {
  const details = [item.colorName, item.sizeName === null ? null : `размер ${item.sizeName}`].filter(Boolean).join(', ');
  return details ? `${item.productName} (${details})` : item.productName;
}

function footer(cancelLink: string): { text: string; html: string } {
  return {
    text: `Отменить оповещение или все оповещения на этот адрес: ${cancelLink}`,
    html: `<p style="color: #666; font-size: 13px">Отменить оповещение или все оповещения на этот адрес: <a href="${escapeHtml(cancelLink)}">${escapeHtml(cancelLink)}</a></p>`,
  };
}

function letter(to: string, subject: string, lead: string, button: { link: string; label: string }, cancelLink: string, note?: string): Letter {
  const end = footer(cancelLink);
  const text = ['Здравствуйте!', '', lead, '', `${button.label}: ${button.link}`, ...(note ? ['', note] : []), '', end.text, '', '— Магазин'].join('\n');
  const html = letterPage(`<p>Здравствуйте!</p>
<p>${escapeHtml(lead)}</p>
${linkButton(button.link, button.label)}
${note ? `<p style="color: #666; font-size: 13px">${escapeHtml(note)}</p>` : ''}
${end.html}
<p>— Магазин</p>`);
  return { to, subject, text, html };
}

export function confirmAlertLetter(options: { to: string; item: AlertedItem; priceDrop: boolean; confirmLink: string; cancelLink: string }): Letter {
  const what = options.priceDrop ? 'о поступлении и о снижении цены' : 'о поступлении';
  const lead = `Кто-то (надеемся, вы) попросил сообщить на этот адрес ${what} товара «${itemLabel(options.item)}». Подтвердите адрес — без этого мы не пришлём ни одного письма.`;
  return letter(options.to, 'Подтвердите оповещение о поступлении товара', lead, { link: options.confirmLink, label: 'Подтвердить' }, options.cancelLink, 'Если вы ничего не просили, просто удалите это письмо.');
}

export function restockLetter(options: { to: string; item: AlertedItem; productLink: string; cancelLink: string }): Letter {
  const label = itemLabel(options.item);
  const lead = `Товар «${label}» снова в наличии. Оповещение выполнено: больше писем о нём не будет.`;
  return letter(options.to, `Снова в наличии: ${label}`, lead, { link: options.productLink, label: 'Перейти к товару' }, options.cancelLink);
}

/** Prices in kopecks, as the database keeps them. */
export function priceDropLetter(options: { to: string; item: AlertedItem; seenPrice: number; price: number; productLink: string; cancelLink: string }): Letter {
  const label = itemLabel(options.item);
  const lead = `Цена товара «${label}» снизилась: было ${formatRubles(toRubles(options.seenPrice))}, теперь ${formatRubles(toRubles(options.price))}. Оповещение выполнено: больше писем о цене не будет.`;
  return letter(options.to, `Цена снизилась: ${label}`, lead, { link: options.productLink, label: 'Перейти к товару' }, options.cancelLink);
}
