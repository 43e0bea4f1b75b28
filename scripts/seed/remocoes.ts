import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { cnpj, gerador } from './catalogo/documentos';

/*
 * Demo removals (issue #13, decision 081) for the auction brands: six removals of the insurer's vehicles
 * (Seguradora Aurora), asked for through the Mapfre, Bradesco and Pan integrations, one in each situation,
 * each with its integration log: the request received (webhook, S01) and the status updates sent back,
 * one of them refused by Mapfre (EST03) and sent again. Idempotent: skipped when the brand has removals.
 */

const SEGURADORAS = {
  Mapfre: 'Mapfre Seguros Gerais S.A.',
  Bradesco: 'Bradesco Auto/RE Companhia de Seguros',
  Pan: 'Pan Seguros S.A.',
} as const;
type Seguradora = keyof typeof SEGURADORAS;

const URL_SEGURADORA: Record<Seguradora, string> = {
  Mapfre: 'https://api.mapfre.com.br/sinistros/v1/remocoes/eventos',
  Bradesco: 'https://sinistros.bradescoseguros.com.br/api/remocao/status',
  Pan: 'https://parceiros.panseguros.com.br/v2/salvados/remocoes/eventos',
};

const LOCAIS = [
  {
    nome: 'Oficina Mecânica São Jorge',
    rua: 'Rua Voluntários da Pátria',
    numero: '1520',
    bairro: 'Santana',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '02011-200',
  },
  {
    nome: 'Auto Center Bandeirantes',
    rua: 'Avenida Brasil',
    numero: '3870',
    bairro: 'Jardim Chapadão',
    cidade: 'Campinas',
    uf: 'SP',
    cep: '13070-178',
  },
  {
    nome: 'Funilaria Irmãos Becker',
    rua: 'Rua Padre Chagas',
    numero: '211',
    bairro: 'Moinhos de Vento',
    cidade: 'Porto Alegre',
    uf: 'RS',
    cep: '90570-080',
  },
  {
    nome: 'Pátio da 4ª Delegacia de Polícia',
    rua: 'Rua Itacolomi',
    numero: '88',
    bairro: 'Lourdes',
    cidade: 'Belo Horizonte',
    uf: 'MG',
    cep: '30150-010',
  },
  {
    nome: 'Residência do segurado',
    rua: 'Rua Guilherme Rocha',
    numero: '455',
    bairro: 'Centro',
    cidade: 'Fortaleza',
    uf: 'CE',
    cep: '60030-140',
  },
  {
    nome: 'Concessionária Horizonte Veículos',
    rua: 'Avenida T-63',
    numero: '1296',
    bairro: 'Setor Bueno',
    cidade: 'Goiânia',
    uf: 'GO',
    cep: '74230-100',
  },
];
const TRANSPORTADORAS = [
  ['Guincho Rápido Transportes', 'Márcio Antunes'],
  ['Remoções Paulista Ltda', 'Edson Ribeiro'],
  ['Auto Socorro 24h', 'Cláudio Mendes'],
] as const;

/** One removal per situation: [situation, insurer, days ago asked, value in centavos]. */
const PLANO: [string, Seguradora, number, number][] = [
  ['SOLICITADA', 'Mapfre', 1, 45_000],
  ['SOLICITADA', 'Pan', 2, 38_000],
  ['AGENDADA', 'Bradesco', 4, 52_000],
  ['EM_TRANSITO', 'Mapfre', 6, 61_000],
  ['CONCLUIDA', 'Mapfre', 12, 48_000],
  ['CANCELADA', 'Bradesco', 9, 35_000],
];

const ETAPA_DA_SITUACAO: Record<string, string> = {
  SOLICITADA: 'S01',
  AGENDADA: 'S03',
  EM_TRANSITO: 'S04',
  CONCLUIDA: 'S05',
  CANCELADA: 'S09',
};

/**
 * The demo's insurer links (decision 174): one per insurer on each auction brand, signed with a public demo
 * secret (`demo-mapfre-2026`, `demo-bradesco-2026`, `demo-pan-2026`: README, "Insurer simulator") and
 * answering at the simulator's address, so `npm run simulador:seguradora` plays a claim on `npm start`.
 * Vehicles they send belong to the brand's insurer seller. Also the removal registers.
 */
export const SEGREDO_DEMO = (integradora: string) => `demo-${integradora.toLowerCase()}-2026`;
export const PORTA_SIMULADOR = 4799;

async function seedIntegracoes(db: Db, hotsiteId: number) {
  for (const integradora of Object.keys(SEGURADORAS)) {
    await db.execute(sql`INSERT INTO seguradora_integracao (hotsite_id, integradora, segredo, url_status, comitente_id)
        VALUES (${hotsiteId}, ${integradora}, ${SEGREDO_DEMO(integradora)},
          ${`http://127.0.0.1:${PORTA_SIMULADOR}/${integradora.toLowerCase()}/status`},
          (SELECT id FROM comitente WHERE hotsite_id = ${hotsiteId} AND grupo = 'SEGURADORA' ORDER BY id LIMIT 1))
        ON CONFLICT (hotsite_id, integradora) DO NOTHING`);
  }
  for (const [i, [nome, motorista]] of TRANSPORTADORAS.entries()) {
    await db.execute(sql`INSERT INTO transportadora (hotsite_id, nome, cnpj, telefone, email)
        VALUES (${hotsiteId}, ${nome}, ${CNPJS_TRANSPORTADORAS[i]}, ${TELEFONES[i]}, ${`operacao@${nome
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}.com.br`})
        ON CONFLICT (hotsite_id, nome) DO NOTHING`);
    const [ja] = linhas(await db.execute(sql`SELECT 1 FROM motorista WHERE hotsite_id = ${hotsiteId} AND nome = ${motorista}`));
    if (!ja)
      await db.execute(sql`INSERT INTO motorista (hotsite_id, transportadora_id, nome, cpf, telefone)
          VALUES (${hotsiteId}, (SELECT id FROM transportadora WHERE hotsite_id = ${hotsiteId} AND nome = ${nome}), ${motorista},
            ${CPFS_MOTORISTAS[i]}, ${CELULARES[i]})`);
  }
  const [locais] = linhas<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM local_remocao WHERE hotsite_id = ${hotsiteId}`),
  );
  if (Number(locais.n) > 0) return;
  for (const l of LOCAIS)
    await db.execute(sql`INSERT INTO local_remocao (hotsite_id, nome, endereco, contato_nome, contato_telefone)
        VALUES (${hotsiteId}, ${l.nome},
          ${JSON.stringify({ logradouro: l.rua, numero: l.numero, bairro: l.bairro, cidade: l.cidade, estadoSigla: l.uf, cep: l.cep })}::jsonb,
          ${l.nome === 'Residência do segurado' ? 'Segurado' : 'Recepção'}, '(11) 3333-4400')`);
}

const CNPJS_TRANSPORTADORAS = ['12.345.678/0001-95', '23.456.789/0001-07', '34.567.890/0001-20'];
const TELEFONES = ['(11) 4002-8922', '(19) 3241-5500', '(51) 3022-7788'];
const CPFS_MOTORISTAS = ['529.982.247-25', '168.995.350-09', '390.533.447-05'];
const CELULARES = ['(11) 98765-4321', '(19) 99812-3344', '(51) 99654-1200'];

const dia = (diasAtras: number) => sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date - ${diasAtras}::int`;
const instante = (diasAtras: number, minutos = 0) => sql`now() - make_interval(days => ${diasAtras}) + make_interval(mins => ${minutos})`;

export async function seedRemocoes(db: Db, hotsiteId: number) {
  const [marca] = linhas<{ tipo: string; nome: string }>(await db.execute(sql`SELECT tipo, nome FROM hotsite WHERE id = ${hotsiteId}`));
  if (marca?.tipo !== 'leilao') return;
  await seedIntegracoes(db, hotsiteId);
  const ja = linhas(await db.execute(sql`SELECT 1 FROM remocao WHERE hotsite_id = ${hotsiteId} LIMIT 1`));
  if (ja.length) return;
  const veiculos = linhas<{
    id: number;
    nome: string;
    placa: string | null;
    chassi: string | null;
    anoModelo: number | null;
    patioId: number;
  }>(
    await db.execute(sql`
      SELECT v.id, v.nome, v.placa, v.chassi, v.ano_modelo AS "anoModelo", v.patio_id AS "patioId"
        FROM veiculo v JOIN comitente c ON c.id = v.comitente_id
       WHERE v.hotsite_id = ${hotsiteId} AND c.grupo = 'SEGURADORA' AND v.patio_id IS NOT NULL AND NOT v.bloquear_remocao
       ORDER BY v.id LIMIT ${PLANO.length}`),
  );
  const patios = linhas<{ id: number }>(await db.execute(sql`SELECT id FROM patio WHERE hotsite_id = ${hotsiteId} ORDER BY id`)).map((p) =>
    Number(p.id),
  );
  const rnd = gerador(hotsiteId * 31 + 7);
  const cnpjs = Object.fromEntries(Object.keys(SEGURADORAS).map((k) => [k, cnpj(rnd)])) as Record<Seguradora, string>;
  for (const [i, v] of veiculos.entries()) {
    const [situacao, seguradora, diasAtras, valor] = PLANO[i];
    const local = LOCAIS[i % LOCAIS.length];
    const [transportadora, motorista] = TRANSPORTADORAS[i % TRANSPORTADORAS.length];
    const agendada = situacao !== 'SOLICITADA';
    // A concluded removal brought the vehicle to the yard it stands in; the others head for another yard.
    const destino = situacao === 'CONCLUIDA' ? Number(v.patioId) : (patios.find((p) => p !== Number(v.patioId)) ?? Number(v.patioId));
    const protocolo = `${seguradora.slice(0, 3).toUpperCase()}-${2026}${String(hotsiteId).padStart(4, '0')}${String(i + 1).padStart(3, '0')}`;
    const sinistro = `${String(531 + i)}.${String(hotsiteId).padStart(4, '0')}.${String(20_260 + i * 7)}`;
    const endereco = `${local.nome} — ${local.rua}, ${local.numero}, ${local.bairro}, ${local.cidade}/${local.uf}, CEP ${local.cep}`;
    const [r] = linhas<{ id: number }>(
      await db.execute(sql`
        INSERT INTO remocao (hotsite_id, veiculo_id, patio_id, situacao, data_solicitacao, dia_inicio_previsto, dia_fim_previsto,
                             dia_inicio_real, dia_fim_real, local_remocao, transportadora, motorista, valor_sugerido, observacao,
                             integradora, protocolo, motivo_cancelamento)
        VALUES (${hotsiteId}, ${v.id}, ${destino}, ${situacao}, ${instante(diasAtras)},
                ${agendada ? dia(situacao === 'AGENDADA' ? -1 : diasAtras - 2) : null}, ${agendada ? dia(situacao === 'AGENDADA' ? -2 : diasAtras - 3) : null},
                ${situacao === 'EM_TRANSITO' || situacao === 'CONCLUIDA' ? dia(diasAtras - 2) : null},
                ${situacao === 'CONCLUIDA' ? dia(diasAtras - 3) : null},
                ${endereco}, ${agendada ? transportadora : null}, ${agendada ? motorista : null}, ${valor},
                ${`Sinistro ${sinistro}: perda total por colisão. Veículo ${local.nome === 'Residência do segurado' ? 'na garagem do segurado' : 'sem condições de rodar'}.`},
                ${seguradora}, ${protocolo}, ${situacao === 'CANCELADA' ? 'Segurado recuperou o veículo antes da remoção' : null})
        RETURNING id`),
    );
    await db.execute(sql`UPDATE remocao SET process_id = ${`${protocolo}-P`}, sinistro = ${sinistro}, etapa = ${ETAPA_DA_SITUACAO[situacao]},
        transportadora_id = ${agendada ? sql`(SELECT id FROM transportadora WHERE hotsite_id = ${hotsiteId} AND nome = ${transportadora})` : null},
        motorista_id = ${agendada ? sql`(SELECT id FROM motorista WHERE hotsite_id = ${hotsiteId} AND nome = ${motorista} LIMIT 1)` : null},
        local_remocao_id = (SELECT id FROM local_remocao WHERE hotsite_id = ${hotsiteId} AND nome = ${local.nome} LIMIT 1),
        confirmado_at = ${agendada ? instante(diasAtras, 30) : null}, confirmado_por = ${agendada ? 'Equipe de remoção' : null},
        cancelado_at = ${situacao === 'CANCELADA' ? instante(diasAtras, 60) : null}, cancelado_por = ${situacao === 'CANCELADA' ? 'Equipe de remoção' : null}
      WHERE id = ${r.id}`);
    await db.execute(sql`INSERT INTO seguradora_evento (hotsite_id, integradora, process_id, event_code, recibo, remocao_id)
        VALUES (${hotsiteId}, ${seguradora}, ${`${protocolo}-P`}, 'S01', 'EST02', ${r.id})`);
    const remocaoId = Number(r.id);
    const partes = {
      sender: { id: cnpjs[seguradora], idType: 'CNPJ', name: SEGURADORAS[seguradora], code: seguradora.toUpperCase() },
      recipient: { id: String(hotsiteId), idType: 'CODIGO', name: marca.nome, code: `PATIO-${hotsiteId}` },
      processId: `${protocolo}-P`,
    };
    const pedido = {
      event: { eventCode: 'S01', eventName: 'Solicitação de remoção', eventComment: 'Veículo sinistrado com indenização integral' },
      businessData: {
        ...partes,
        type: 'removal',
        removal: {
          claimId: sinistro,
          protocolId: protocolo,
          removalId: protocolo,
          claimNature: 'Colisão',
          damageDescription: 'Perda total',
          transporter: { name: transportadora },
          pickUpLocation: {
            name: local.nome,
            address: {
              street: local.rua,
              number: local.numero,
              neighborhood: local.bairro,
              cityName: local.cidade,
              stateName: local.uf,
              zip: local.cep,
            },
          },
          vehicle: { description: v.nome, plate: v.placa, chassis: v.chassi, modelYear: v.anoModelo },
        },
      },
    };
    const logs: { tipo: string; url: string; body: unknown; response: unknown; error: string | null; ms: number; minutos: number }[] = [
      {
        tipo: 'webhook',
        url: `/v1/integracao/${seguradora.toLowerCase()}/remocoes`,
        body: pedido,
        response: { status: 'EST02', message: 'Evento processado' },
        error: null,
        ms: 180 + i * 23,
        minutos: 0,
      },
    ];
    const atualizacao = (eventCode: string, eventName: string, minutos: number) => ({
      tipo: 'api',
      url: URL_SEGURADORA[seguradora],
      body: {
        event: { eventCode, eventName, eventComment: '' },
        businessData: { ...partes, type: 'status_update', status_update: { removalId: protocolo } },
      },
      response: { status: 'EST02' },
      error: null as string | null,
      ms: 420 + i * 37,
      minutos,
    });
    if (agendada && situacao !== 'CANCELADA') logs.push(atualizacao('S03', 'Remoção agendada', 90));
    if (situacao === 'EM_TRANSITO') {
      // Mapfre refused the first update (EST03) and took it when sent again.
      logs.push({
        ...atualizacao('S04', 'Veículo em trânsito', 2 * 24 * 60),
        response: { status: 'EST03', errors: ['Data de retirada anterior à data de agendamento', 'Motorista não informado'] },
      });
      logs.push(atualizacao('S04', 'Veículo em trânsito', 2 * 24 * 60 + 15));
    }
    if (situacao === 'CONCLUIDA') logs.push(atualizacao('S05', 'Veículo entregue no pátio', 3 * 24 * 60));
    if (situacao === 'CANCELADA')
      logs.push({
        ...atualizacao('S09', 'Remoção cancelada', 60),
        response: null,
        error: 'Tempo de resposta esgotado (40 s) ao enviar o cancelamento à seguradora',
        ms: 40_000,
      });
    for (const l of logs) {
      await db.execute(sql`
        INSERT INTO comitente_integracao_log (hotsite_id, cli_uid, integradora, tipo, url, body, query, response, error, tempo_resposta,
                                              veiculo_id, remocao_id, created_at, updated_at)
        VALUES (${hotsiteId}, ${partes.processId}, ${seguradora}, ${l.tipo}, ${l.url}, ${JSON.stringify(l.body)}::jsonb, NULL,
                ${l.response == null ? null : JSON.stringify(l.response)}::jsonb, ${l.error}, ${l.ms}, ${v.id}, ${remocaoId},
                ${instante(diasAtras, l.minutos)}, ${instante(diasAtras, l.minutos)})`);
    }
  }
}
