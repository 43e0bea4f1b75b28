/** Remix v2, classic compiler (the client's choice). @type {import('@remix-run/dev').AppConfig} */
export default {
  // Tests, styles and dotfiles live beside routes but are never routes.
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.css.ts'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverBuildPath: 'build/index.js',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
