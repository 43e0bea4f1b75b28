import { style } from '@vanilla-extract/css';

/** A message body as it was written: its line breaks kept, in the page's font. */
export const corpo = style({ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0, overflowWrap: 'anywhere' });
