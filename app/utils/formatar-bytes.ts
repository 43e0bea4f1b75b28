import prettyBytes from 'pretty-bytes';

/**
 * Byte sizes in base 1000 (spec): 1,5 MB. Its own module so that only the pages that show file sizes
 * (documents) load pretty-bytes; the catalogue pages never do.
 */
export const formatarBytes = (bytes: number) => prettyBytes(bytes, { locale: 'pt-BR' });
