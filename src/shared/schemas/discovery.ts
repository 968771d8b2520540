import { z } from '../zod.js';
import { productCardSchema, refSchema } from './catalogue.js';
import { limitSchema, listOf } from './common.js';

/**
 * The product page's discovery rows (docs/catalogue.md, "Discovery"): similar products, products
 * bought together with it, and the cards of the products a shopper viewed on this device.
 */

/** The most cards one discovery row shows. */
export const discoveryRowLimit = 12;

/** GET /products/{url}/similar and /products/{url}/bought-together. */
export const discoveryInputSchema = z.object({
  url: refSchema,
  limit: limitSchema(discoveryRowLimit, discoveryRowLimit),
});

/** GET /products/by-urls: the cards of these products, in the order given (recently viewed). */
export const productsByUrlsSchema = z
  .object({
    urls: listOf(refSchema).meta({ description: `Адреса (url) товаров, через запятую или повторением: от 1 до ${discoveryRowLimit}` }),
  })
  .superRefine((value, context) => {
    if (!value.urls?.length) context.addIssue({ code: 'custom', path: ['urls'], message: 'Укажите адреса товаров (urls)' });
    else if (value.urls.length > discoveryRowLimit) context.addIssue({ code: 'custom', path: ['urls'], message: `Не больше ${discoveryRowLimit} адресов товаров` });
  });

export const discoveryResponseSchema = z.object({ rows: z.array(productCardSchema) });
export type DiscoveryResponse = z.infer<typeof discoveryResponseSchema>;
