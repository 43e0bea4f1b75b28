/** Remix v2, classic compiler (the client's choice). @type {import('@remix-run/dev').AppConfig} */
export default {
  // Tests, styles and dotfiles live beside routes but are never routes.
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.css.ts'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverBuildPath: 'build/index.js',
  /**
   * Bundled into the server build rather than loaded from node_modules at start (decision 297): lucide-react's
   * CommonJS entry defines every icon (~1,600) where the bundle keeps the icons the app draws.
   */
  serverDependenciesToBundle: [
    /^lucide-react(\/|$)/,
    // date-holidays and the calendars it requires: ~100 small files opened one by one at start, one module bundled.
    /^(date-holidays|date-holidays-parser|astronomia|caldate|date-bengali-revised|date-chinese|date-easter|jalaali-js|deepmerge)(\/|$)/,
  ],
  /**
   * One module mounted at several paths, with the route ids the files had (the route guard's table,
   * app/modules/identidade/regras-de-rota.ts, names them). The shop wording of the catalogue
   * (/anuncio/…) is the auction wording's module; a yard list by state or by city is the yards page.
   */
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route('anuncio/*', 'routes/leilao.$.tsx', { id: 'routes/anuncio.$' });
      route('anuncio/:local/:tipo/:marca/:nome/:ano/:id', 'routes/leilao.$local.$tipo.$marca.$nome.$ano.$id.tsx', {
        id: 'routes/anuncio.$local.$tipo.$marca.$nome.$ano.$id',
      });
      route('patios/:estadoUf', 'routes/patios._index.tsx', { id: 'routes/patios.$estadoUf' });
      route('patios/:cidade/:estadoUf', 'routes/patios._index.tsx', { id: 'routes/patios.$cidade.$estadoUf' });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
