import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Storefront features and the features each may import. The graph points one way: a page that
// shows products may offer to buy them (catalogue -> orders), never the reverse; widgets two
// features share live in src/client/ui. The layout and the home page compose everything.
const storeFeatures = {
  accounts: ['orders', 'reviews'],
  catalogue: ['orders', 'reviews'],
  content: ['catalogue'],
  orders: [],
  reviews: [],
};

const storeZones = Object.entries(storeFeatures).map(([feature, allowed]) => ({
  target: `./src/client/store/${feature}`,
  from: Object.keys(storeFeatures)
    .filter((other) => other !== feature && !allowed.includes(other))
    .map((other) => `./src/client/store/${other}`)
    .concat(['./src/client/store/layout', './src/client/store/home']),
  message: `store/${feature} may import only ${allowed.length ? allowed.map((other) => `store/${other}`).join(', ') + ' and ' : ''}client/ui among the storefront's folders.`,
}));

/** Import rules that fail CI: no import cycles, and the boundaries between the app's parts. */
export const boundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Server and shared code import TypeScript files by their emitted `.js` names.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/client/store', from: './src/client/admin', message: 'The storefront never imports admin code: move what both need to src/client/ui or a domain folder.' },
            { target: './src/client/ui', from: ['./src/client/store', './src/client/admin'], message: 'Shared widgets (src/client/ui) know nothing of the storefront or the admin.' },
            { target: './src/shared', from: ['./src/server', './src/client'], message: 'src/shared is imported by the server and the client, never the other way round.' },
            {
              target: './src/client',
              from: './src/server',
              except: ['./routers/index.ts'],
              message: 'The client knows the server only through the type of its router (src/server/routers/index.ts).',
            },
            ...storeZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      // The one server file the client may name is the router, and only for its type.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'The client imports the server only as `import type` (the router type).' }] },
      ],
    },
  },
];
