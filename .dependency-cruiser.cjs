/**
 * The layer rule (docs/architecture.md): routes, paginas / api → components → modules (use cases) → db / realtime
 * → utils; nothing points back up, and no import circles. `npm run lint` runs this.
 */
const acima = (...camadas) => ({ path: `^(${camadas.join('|')})` });

/**
 * The floors of app/modules (docs/architecture.md, "The floors of the use cases"): a capability imports
 * only the floors below its own, never a neighbour on its floor nor anything above. The ground floor,
 * `dominio`, is pure: no database, no I/O. `tenants/` is the brand-folder reader (its JSON files are
 * data, not a floor).
 */
const ANDARES = [
  ['dominio'],
  ['outbox'],
  ['identidade'],
  ['comitentes', 'conteudo', 'consultas', 'eventos', 'indicacao'],
  ['hotsites'],
  ['catalogo', 'tenants'],
  ['notificacoes'],
  ['habilitacao', 'vendas'],
  ['lances'],
  ['aovivo', 'area-comitente'],
  ['backoffice'],
  ['remocoes', 'vistorias'],
  ['confianca', 'integracoes', 'operacoes', 'seguradoras'],
  ['privacidade', 'conveniencias'],
];
const pasta = (capacidade) => (capacidade === 'tenants' ? 'tenants' : `app/modules/${capacidade}`);
const regrasDosAndares = ANDARES.map((andar, i) => ({
  name: `andar-${i}-${andar.join('-')}`,
  severity: 'error',
  comment:
    `Floor ${i} (${andar.join(', ')}) imports only the floors below it: move the shared piece down, pass a ` +
    'function in, or compose in app/paginas (docs/architecture.md, "The floors of the use cases").',
  from: { path: `^(${andar.map(pasta).join('|')})/` },
  to: { path: `^(${ANDARES.slice(i).flat().map(pasta).join('|')})/`, pathNot: ['^$1/', '^tenants/.+\\.json$'] },
}));

module.exports = {
  forbidden: [
    ...regrasDosAndares,
    {
      name: 'dominio-puro',
      severity: 'error',
      comment: 'app/modules/dominio is pure: no database client or tables (the enum lists excepted), no realtime, no Node I/O.',
      from: { path: '^app/modules/dominio/' },
      to: { path: '^(db/(?!schema/enums-)|app/realtime/|app/utils/[^/]+\\.server\\.ts$)' },
    },
    {
      name: 'dominio-sem-io',
      severity: 'error',
      comment: 'app/modules/dominio is pure: no Node built-ins (fs, net, crypto...).',
      from: { path: '^app/modules/dominio/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sem-ciclos',
      severity: 'error',
      comment: 'An import circle: break it by moving the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'utils-na-base',
      severity: 'error',
      comment: 'app/utils is the bottom layer: it imports no other layer of the app.',
      from: { path: '^app/utils/' },
      to: acima(
        'app/routes/',
        'app/paginas/',
        'app/api/',
        'app/components/',
        'app/modules/',
        'app/realtime/',
        'db/',
        'tenants/',
        'app/servidor/',
      ),
    },
    {
      name: 'db-abaixo-dos-modulos',
      severity: 'error',
      comment: 'db/ (schema, client, migrations) knows no use case, page or API.',
      from: { path: '^db/' },
      to: acima('app/routes/', 'app/servidor/', 'app/paginas/', 'app/api/', 'app/components/', 'app/modules/', 'app/realtime/'),
    },
    {
      name: 'realtime-abaixo-dos-modulos',
      severity: 'error',
      comment: 'The bus and hub carry events; they call no use case, page or API directly (use cases are handed in).',
      from: { path: '^app/realtime/', pathNot: '^app/realtime/use-' },
      to: acima('app/routes/', 'app/servidor/', 'app/paginas/', 'app/api/', 'app/components/'),
    },
    {
      name: 'modulos-abaixo-das-telas',
      severity: 'error',
      comment: 'Use cases know nothing of pages, components or the HTTP API.',
      from: { path: '^app/modules/' },
      to: acima('app/routes/', 'app/servidor/', 'app/paginas/', 'app/api/', 'app/components/'),
    },
    {
      name: 'componentes-abaixo-das-rotas',
      severity: 'error',
      comment: 'Components are brand-agnostic UI: they import no route and no API handler.',
      from: { path: '^app/components/' },
      to: acima('app/routes/', 'app/servidor/', 'app/paginas/', 'app/api/'),
    },
    {
      name: 'api-sem-rotas',
      severity: 'error',
      comment: 'The JSON API and the pages share use cases, never each other.',
      from: { path: '^app/api/' },
      to: acima('app/routes/', 'app/servidor/', 'app/paginas/', 'app/components/'),
    },
    {
      name: 'seed-so-em-scripts',
      severity: 'error',
      comment:
        'The demo seed is tooling: only scripts and tests use it; server.ts imports it at run time from build/seed.js, so the Remix build never holds it.',
      from: { path: '^(app|db|tenants|theme)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'servidor-pelo-build',
      severity: 'error',
      comment:
        'server.ts takes app modules from the Remix build at run time (build.entry.module.servidor): a value import would compile a second copy into build/server.js.',
      from: { path: '^server\\.ts$' },
      to: { path: '^(app|db|tenants|theme|scripts)/', dependencyTypesNot: ['type-only'] },
    },

    // The rules below each enforce one sentence of docs/architecture.md, quoted in the comment. (Remix and
    // Express kept out of app/modules/ is ESLint's no-restricted-imports: it sees the package names.)
    {
      name: 'realtime-sem-modulos',
      severity: 'error',
      comment:
        'docs/architecture.md, the layer rule: "`db/` and `app/realtime/` never import a module." ' +
        'The bus and hub sit below the use cases; a use case they need is handed in by the server composition (app/servidor/).',
      from: { path: '^app/realtime/' },
      to: { path: '^app/modules/' },
    },
    {
      name: 'alias-entre-pastas',
      severity: 'error',
      comment:
        'docs/architecture.md, import aliases: "`~/` is `app/`, and `@db/`, `@tenants/`, `@theme/` name the top-level ' +
        'folders. Use them instead of `../../` across folders". A relative import that leaves its top-level folder ' +
        'is refused (write `@db/…`, `~/…`). Exception quoted below (alias-entre-pastas-css).',
      from: { path: '^(app|db|tenants|theme|scripts)/', pathNot: '\\.css\\.ts$' },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], path: '^(app|db|tenants|theme|scripts)/', pathNot: '^$1/' },
    },
    {
      name: 'alias-entre-pastas-css',
      severity: 'error',
      comment:
        'docs/architecture.md, import aliases: "The one exception is `.css.ts` files, which import the theme contract ' +
        'relatively (`../../theme/contract.css`): Remix\'s vanilla-extract compiler does not read tsconfig paths." ' +
        'So a .css.ts file may reach theme/ relatively, and nothing else outside its folder.',
      from: { path: '^(app|db|tenants|theme|scripts)/.*\\.css\\.ts$' },
      to: {
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
        path: '^(app|db|tenants|theme|scripts)/',
        pathNot: ['^$1/', '^theme/'],
      },
    },
    {
      name: 'alias-entre-areas-do-app',
      severity: 'error',
      comment:
        'docs/architecture.md, import aliases: "a relative path is for a sibling". Inside app/, a relative import ' +
        'stays in its own area (app/modules/, app/components/, app/realtime/…); another area is reached by `~/`.',
      from: { path: '^app/([^/]+)/', pathNot: '\\.css\\.ts$' },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], path: '^app/', pathNot: '^app/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^build/|^public/|^\\.cache/|node_modules)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
