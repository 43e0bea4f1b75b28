/**
 * `npm run simulador:seguradora -- [--marca h1] [--porta 3000] [--seguradora Mapfre]`: plays a whole insurer
 * claim against a running server (`npm start`), S01 to the sale (decision 174). It is the insurer: it listens
 * where the demo brands send status updates (127.0.0.1:4799, the seed's address), checks each signature and
 * answers EST02, and it signs its own events with the demo secret. It is also the yard's staff (admin@,
 * through the JSON API): confirms, schedules, collects, delivers, reports inspection, detran and release,
 * waits for its own authorisation (S08), then the sale, payment, documents and pick-up. At the end it prints
 * what it received and the removal's address, whose screen shows the whole integration log.
 */
import { createServer } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { assinado, atualizacaoDaSeguradora, solicitacao, type Seguradora } from './seguradora/eventos';
import { PORTA_SIMULADOR, SEGREDO_DEMO } from './seed/remocoes';

const { values: a } = parseArgs({
  options: {
    marca: { type: 'string', default: 'h1' },
    porta: { type: 'string', default: '3000' },
    seguradora: { type: 'string', default: 'Mapfre' },
    email: { type: 'string', default: 'admin@martelo.test' },
    senha: { type: 'string', default: 'martelo123' },
  },
});
const seguradora = (['Mapfre', 'Bradesco', 'Pan'].find((s) => s.toLowerCase() === a.seguradora!.toLowerCase()) ?? 'Mapfre') as Seguradora;
const base = `http://${a.marca}.localhost:${a.porta}`;
const segredo = SEGREDO_DEMO(seguradora);
const processId = `SIM-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

const recebidos: string[] = [];
const servidor = createServer((req, res) => {
  const partes: Buffer[] = [];
  req.on('data', (c: Buffer) => partes.push(c));
  req.on('end', () => {
    const corpo = Buffer.concat(partes).toString('utf8');
    const ts = String(req.headers['x-seguradora-timestamp'] ?? '');
    const ok = req.headers['x-seguradora-assinatura'] === `sha256=${createHmac('sha256', segredo).update(`${ts}.${corpo}`).digest('hex')}`;
    const e = JSON.parse(corpo || '{}') as { event?: { eventCode?: string; eventName?: string }; businessData?: { processId?: string } };
    res.setHeader('content-type', 'application/json');
    if (!ok) {
      console.log(`  ✗ ${e.event?.eventCode} com assinatura inválida`);
      res.statusCode = 401;
      res.end(JSON.stringify({ status: 'EST03', errors: ['Assinatura inválida'] }));
      return;
    }
    if (e.businessData?.processId === processId) {
      recebidos.push(e.event?.eventCode ?? '?');
      console.log(`  ← seguradora recebeu ${e.event?.eventCode} ${e.event?.eventName} (assinatura ok)`);
    }
    res.end(JSON.stringify({ status: 'EST02', message: 'Evento processado' }));
  });
});
await new Promise<void>((ok) => servidor.listen(PORTA_SIMULADOR, '127.0.0.1', ok));

async function pedir(metodo: string, caminho: string, corpo?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}${caminho}`, {
    method: metodo,
    headers: { ...(corpo === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo),
  });
  const texto = await r.text();
  const json = texto ? (JSON.parse(texto) as Record<string, unknown>) : {};
  if (r.status >= 400) throw new Error(`${metodo} ${caminho}: ${r.status} ${String(json.message ?? json.errors ?? texto)}`);
  return json;
}
const evento = async (e: unknown) => {
  const s = assinado(segredo, e);
  const r = await pedir('POST', `/v1/integracao/${seguradora.toLowerCase()}/remocoes`, s.corpo, s.headers);
  console.log(`  → ${(e as { event: { eventCode: string } }).event.eventCode}: recibo ${String(r.status)} (${String(r.message)})`);
  return r;
};

try {
  console.log(`Sinistro ${processId} da ${seguradora} em ${base}`);
  const login = (await pedir('POST', '/v1/usuario/efetuar-login', { email: a.email, senha: a.senha })) as { token?: string };
  const auth = { authorization: `Bearer ${login.token}` };
  const [patio] = (await pedir('GET', '/v1/patios/remocoes', undefined, auth)) as unknown as { id: number; nome: string }[];
  const s01 = await evento(solicitacao(seguradora, processId, { patio: patio?.nome }));
  const uid = String(s01.remocaoUid);
  await evento(solicitacao(seguradora, processId, { patio: patio?.nome })); // a replay: ESTXX
  const api = (metodo: string, caminho: string, corpo?: unknown) => pedir(metodo, `/v1/remocoes/${uid}${caminho}`, corpo, auth);
  const [transportadora] = (await pedir('GET', '/v1/remocoes/consulta/transportadoras', undefined, auth)) as unknown as { nome: string }[];
  const [motorista] = (await pedir('GET', '/v1/remocoes/consulta/motoristas', undefined, auth)) as unknown as { nome: string }[];
  await api('POST', '/confirmar');
  const amanha = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const r = (await api('GET', '')) as { localRemocao: string; valorSugerido: number | null };
  await api('PUT', '', {
    localRemocao: r.localRemocao,
    patioId: patio.id,
    diaInicioPrevisto: amanha,
    transportadora: transportadora?.nome ?? 'Guincho Rápido Transportes',
    motorista: motorista?.nome ?? null,
    valorSugerido: 48_000,
  });
  for (const situacao of ['AGENDADA', 'EM_TRANSITO', 'CONCLUIDA']) await api('PUT', '/situacao', { situacao });
  for (const codigo of ['S06', 'S07', 'S10']) await api('POST', '/etapas', { codigo });
  await evento(atualizacaoDaSeguradora(seguradora, processId, 'S08', 'Venda autorizada pelo analista do sinistro'));
  for (const codigo of ['S11', 'S12', 'S13', 'S17']) await api('POST', '/etapas', { codigo });
  const esperados = ['S02', 'S03', 'S04', 'S05', 'S06', 'S07', 'S10', 'S11', 'S12', 'S13', 'S17'];
  const limite = Date.now() + 60_000;
  while (recebidos.length < esperados.length && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 250));
  const faltam = esperados.filter((c) => !recebidos.includes(c));
  console.log(
    faltam.length
      ? `Faltaram: ${faltam.join(', ')}`
      : `A seguradora recebeu as ${esperados.length} atualizações, em ordem: ${recebidos.join(' → ')}`,
  );
  console.log(`Remoção: ${base}/admin/remocao/${uid}\nRelatório: ${base}/mapfre-visualizar-relatorio/${uid}`);
  process.exitCode = faltam.length ? 1 : 0;
} catch (erro) {
  console.error((erro as Error).message);
  process.exitCode = 1;
} finally {
  servidor.close();
}
