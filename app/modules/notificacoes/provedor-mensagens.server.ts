import { z } from 'zod';

/**
 * WhatsApp and SMS through one provider (decision 184): POST <url>/mensagens with a bearer token and
 * `{ canal, para, texto }`; any 2xx is sent. The token never reaches a log: errors carry the status only.
 */
export interface ProvedorDeMensagens {
  canais: readonly ('whatsapp' | 'sms')[];
  enviar(m: { canal: 'whatsapp' | 'sms'; para: string; texto: string }): Promise<void>;
}

const respostaSchema = z.object({ id: z.string().optional() }).passthrough();

export function provedorHttp({ url, token, fetcher = fetch }: { url: string; token: string; fetcher?: typeof fetch }): ProvedorDeMensagens {
  return {
    canais: ['whatsapp', 'sms'],
    async enviar(m) {
      const r = await fetcher(new URL('mensagens', url.endsWith('/') ? url : `${url}/`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ canal: m.canal, para: m.para.replace(/\D/g, ''), texto: m.texto }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!r.ok) throw new Error(`provedor de mensagens respondeu ${r.status}`);
      respostaSchema.parse(await r.json().catch(() => ({})));
    },
  };
}
