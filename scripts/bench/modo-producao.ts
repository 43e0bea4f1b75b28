/**
 * Imported FIRST by benches that serve pages: React picks its production or development build from
 * process.env.NODE_ENV when `react` is first loaded, and the server's own imports (the API router's
 * modules → React components) load it long before the app's build. Set later, the page would render with
 * development `react` next to production `react-dom/server`. (Production also requires a real secret;
 * getEnv() reads both from here.)
 */
const SEGREDO_DO_BENCH = 'bench-secret-bench-secret-123';
process.env.NODE_ENV = 'production';
process.env.SESSION_SECRET = SEGREDO_DO_BENCH;
