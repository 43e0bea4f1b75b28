import { z } from 'zod';

/**
 * Zod's own messages (sizes, formats, options) in Brazilian Portuguese, for every schema in the
 * process: a value refused without a hand-written message still reads pt-BR. Global by design;
 * imported for its effect by the input schemas.
 */
z.config(z.locales.ptBR());
