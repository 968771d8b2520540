import { discoveryInputSchema, discoveryResponseSchema, productsByUrlsSchema } from '../../../shared/schemas/discovery.js';
import { boughtTogether, productsByUrls, similarProducts } from '../../services/catalogue/discovery.js';
import { router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

const tags = ['products'];

/** The product page's discovery rows (docs/catalogue.md, "Discovery"): public reads, one statement each. */
export const discoveryRouter = router({
  similar: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{url}/similar', tags, summary: 'Похожие товары: та же категория, близкая цена' } })
    .input(discoveryInputSchema)
    .output(discoveryResponseSchema)
    .query(async ({ ctx, input }) => ({ rows: await similarProducts(ctx.readDb, input.url, input.limit) })),

  boughtTogether: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{url}/bought-together', tags, summary: 'С этим покупают: товары из тех же заказов' } })
    .input(discoveryInputSchema)
    .output(discoveryResponseSchema)
    .query(async ({ ctx, input }) => ({ rows: await boughtTogether(ctx.readDb, input.url, input.limit) })),

  byUrls: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/by-urls', tags, summary: 'Карточки товаров по адресам (недавно просмотренные)' } })
    .input(productsByUrlsSchema)
    .output(discoveryResponseSchema)
    .query(async ({ ctx, input }) => ({ rows: await productsByUrls(ctx.readDb, input.urls ?? []) })),
});
