import { z } from 'zod';
import { getEnv } from '~/utils/env.server';
import { soDigitos } from '~/modules/dominio/documentos-br';

/**
 * CEP → address, through a ViaCEP-compatible service (GET <CEP_API_URL>/<8 digits>/json/). A slow or
 * failing service never blocks sign-up: the answer is null and the user types the address.
 */
const respostaSchema = z.object({
  cep: z.string(),
  logradouro: z.string().catch(''),
  bairro: z.string().catch(''),
  localidade: z.string(),
  uf: z.string().length(2),
  complemento: z.string().catch(''),
});

export interface EnderecoDoCep {
  cep: string;
  logradouro: string;
  bairro: string;
  cidade: string;
  estadoSigla: string;
}

export async function buscarCep(cep: string, { timeoutMs = 4000 } = {}): Promise<EnderecoDoCep | null> {
  const d = soDigitos(cep);
  if (d.length !== 8) return null;
  try {
    const r = await fetch(`${getEnv().CEP_API_URL}/${d}/json/`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!r.ok) return null;
    const corpo: unknown = await r.json();
    const p = respostaSchema.safeParse(corpo);
    if (!p.success) return null;
    return {
      cep: `${d.slice(0, 5)}-${d.slice(5)}`,
      logradouro: p.data.logradouro,
      bairro: p.data.bairro,
      cidade: p.data.localidade,
      estadoSigla: p.data.uf,
    };
  } catch {
    return null;
  }
}
