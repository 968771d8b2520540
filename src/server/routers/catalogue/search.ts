import { popularSearchesInputSchema, popularSearchesSchema, searchSuggestInputSchema, searchSuggestionsSchema } from '../../../shared/schemas/search.js';
import { router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import { listPopularSearches } from '../../services/catalogue/search/popular.js';
import { suggest } from '../../services/catalogue/search/suggest.js';

const tags = ['products'];

/** The header search box's helpers: suggestions while typing and the shop's popular searches. Public reads. */
export const searchRouter = router({
  suggest: replicaReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/search/suggestions',
        tags,
        summary: 'Подсказки поиска: категории, бренды и товары по набранному тексту',
        description:
          'Categories and brands whose name (or brand synonym) has a word starting with a typed word, as typed, in the other ' +
          'keyboard layout or transliterated, or with the same lexeme; up to 5 products as GET /products?name= finds them.',
      },
    })
    .input(searchSuggestInputSchema)
    .output(searchSuggestionsSchema)
    .query(({ ctx, input }) => suggest(ctx.readDb, input.q)),

  popular: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/search/popular', tags, summary: 'Популярные запросы: самые частые поиски, нашедшие товары' } })
    .input(popularSearchesInputSchema)
    .output(popularSearchesSchema)
    .query(({ ctx, input }) => listPopularSearches(ctx.readDb, input.limit)),
});
