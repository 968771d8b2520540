/**
 * What the stock and price writers need to write an alert's letter in their own transaction, where
 * only the transaction is at hand: the base of the links and whether letters are sent (SMTP) or
 * kept in the outbox. Set once when the app is built (app.ts); the defaults serve a script that
 * writes products without a server (its letters are kept, links point at the default address).
 */
export interface StockAlertLetterSettings {
  publicUrl: string;
  transport: 'smtp' | 'outbox';
}

let current: StockAlertLetterSettings = { publicUrl: 'http://localhost:3000', transport: 'outbox' };

export function configureStockAlertLetters(settings: StockAlertLetterSettings): void {
  current = { ...settings };
}

export function stockAlertLetterSettings(): StockAlertLetterSettings {
  return current;
}

/** The storefront pages the letters link to (src/client/store/stock-alerts/routes.tsx). */
export const stockAlertLinks = {
  confirm: (publicUrl: string, token: string) => `${publicUrl}/alerts/confirm/${token}`,
  cancel: (publicUrl: string, mailId: string) => `${publicUrl}/alerts/cancel/${mailId}`,
  product: (publicUrl: string, url: string) => `${publicUrl}/product/${encodeURIComponent(url)}`,
};
