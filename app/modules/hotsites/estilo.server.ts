/**
 * The root loader's way to the brand's inline style. A `.server` module, so colord (colour parsing)
 * never reaches the JavaScript of every page; only the brand editor's live preview ships it.
 */
export { estiloDaMarca } from '@theme/tenant-vars';
