import { createECDH, randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { inscricaoPush } from '@db/schema';
import { canaisDoAmbiente } from '~/modules/notificacoes/canais.server';
import { distribuir, entregar } from '~/modules/notificacoes/despacho.server';
import { criarBancoDeTeste, envDeTeste } from './db';
import { iniciarInstancia, type Instancia } from './server';

/**
 * The notification tests' setting (#32): a fresh database and one server on it for the whole file, whose own
 * notification job is slowed to an hour so each test drives the queue itself (`despachar`). The push service
 * and the WhatsApp provider are msw mocks recording what they were sent (`enviados`, emptied before each
 * test); e-mail is the outbox. beforeAll/afterAll/beforeEach are registered here: read `fila.banco` and
 * `fila.app` inside the tests.
 */
export function filaDeTeste() {
  const fila = {
    enviados: {
      push: [] as { id: string; autorizacao: string | null; ttl: string | null }[],
      mensagens: [] as Record<string, unknown>[],
    },
    /** While true the WhatsApp provider answers 503 (reset before each test). */
    provedorFalha: false,
  } as {
    banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
    app: Instancia;
    enviados: { push: { id: string; autorizacao: string | null; ttl: string | null }[]; mensagens: Record<string, unknown>[] };
    provedorFalha: boolean;
  };
  const mocks = setupServer(
    http.post('https://push.exemplo.test/:id', ({ request, params }) => {
      fila.enviados.push.push({
        id: String(params.id),
        autorizacao: request.headers.get('authorization'),
        ttl: request.headers.get('ttl'),
      });
      return new HttpResponse(null, { status: params.id === 'vencida' ? 410 : 201 });
    }),
    http.post('https://mensagens.exemplo.test/v1/mensagens', async ({ request }) => {
      if (fila.provedorFalha) return new HttpResponse('indisponível', { status: 503 });
      fila.enviados.mensagens.push({ ...((await request.json()) as Record<string, unknown>), token: request.headers.get('authorization') });
      return HttpResponse.json({ id: 'msg-1' });
    }),
  );
  beforeAll(async () => {
    mocks.listen({ onUnhandledRequest: 'bypass' });
    fila.banco = await criarBancoDeTeste();
    fila.app = await iniciarInstancia({ database: fila.banco, env: { NOTIFICACOES_INTERVALO_MS: 3_600_000 } });
  });
  afterAll(async () => {
    await fila.app?.close();
    await fila.banco?.descartar();
    mocks.close();
  });
  beforeEach(() => {
    fila.enviados.push.length = 0;
    fila.enviados.mensagens.length = 0;
    fila.provedorFalha = false;
  });

  /** The channels as the server builds them, pointed at the mocks. */
  const canais = () =>
    canaisDoAmbiente({
      db: fila.banco.db,
      vapid: { assunto: 'mailto:contato@exemplo.test' },
      mensagens: { url: 'https://mensagens.exemplo.test/v1', token: 'token-do-provedor' },
      segredo: envDeTeste.SESSION_SECRET,
      urlBase: (m) => `https://marca${m.id}.exemplo.test`,
    });

  /** Everything queued so far, spread and sent (the job's two steps, until nothing is left); answers how many sends. */
  async function despachar() {
    while ((await distribuir({ db: fila.banco.db })).length > 0);
    let total = 0;
    for (;;) {
      const r = await entregar({ db: fila.banco.db, canais: canais() });
      total += r.enviados + r.falhas;
      if (r.enviados + r.falhas === 0) return total;
    }
  }

  /** A browser's subscription at the mocked push service (a real P-256 key, as web-push checks it). */
  async function inscreverNoPush(usuarioId: number, id: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await fila.banco.db.insert(inscricaoPush).values({
      hotsiteId: 1,
      usuarioId,
      endpoint: `https://push.exemplo.test/${id}`,
      p256dh: ecdh.getPublicKey('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
  }

  return Object.assign(fila, { canais, despachar, inscreverNoPush });
}
