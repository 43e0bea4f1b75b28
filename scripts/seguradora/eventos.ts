/*
 * Insurer events as an insurer sends them (spec 001 §9; decision 172): the simulator, the benchmark and the
 * tests build them here, so all three speak the envelope the receiver reads.
 */
import { createHash, createHmac } from 'node:crypto';

export type Seguradora = 'Mapfre' | 'Bradesco' | 'Pan';

const REMETENTES: Record<Seguradora, { id: string; name: string }> = {
  Mapfre: { id: '61.074.175/0001-38', name: 'Mapfre Seguros Gerais S.A.' },
  Bradesco: { id: '92.682.038/0001-00', name: 'Bradesco Auto/RE Companhia de Seguros' },
  Pan: { id: '33.245.762/0001-07', name: 'Pan Seguros S.A.' },
};

const comum = (seguradora: Seguradora, processId: string) => ({
  sender: { ...REMETENTES[seguradora], idType: 'CNPJ', code: seguradora.toUpperCase() },
  recipient: { id: 'PATIO', idType: 'CODIGO', name: 'Pátio parceiro', code: 'PATIO' },
  processId,
});

/** A Mercosul plate (ABC1D23) of its own for each process. */
function placaDe(processId: string) {
  const h = createHash('sha1').update(processId).digest();
  const letra = (i: number) => String.fromCharCode(65 + (h[i] % 26));
  return `${letra(0)}${letra(1)}${letra(2)}${h[3] % 10}${letra(4)}${h[5] % 10}${h[6] % 10}`;
}

/** S01: a removal request, with a vehicle of the given plate/chassis (a fresh one by default). */
export function solicitacao(seguradora: Seguradora, processId: string, o: { placa?: string; chassi?: string; patio?: string } = {}) {
  const sufixo = processId.replace(/\W/g, '').slice(-6).toUpperCase().padStart(6, '0');
  return {
    event: { eventCode: 'S01', eventName: 'Solicitação de remoção', eventComment: 'Indenização integral aprovada' },
    businessData: {
      ...comum(seguradora, processId),
      type: 'removal',
      removal: {
        claimRegisterDate: '2026-11-20T13:45:00.000Z',
        claimId: `531.${sufixo}`,
        protocolId: `PROT-${sufixo}`,
        policyId: '0531.31.000123',
        claimNature: 'Colisão',
        productType: 'Auto',
        damageDescription: 'Perda total: dianteira e longarinas comprometidas',
        transporter: { name: 'Guincho Rápido Transportes' },
        analyst: { name: 'Juliana Prado' },
        totalLossDeclarationDate: '2026-11-24T10:00:00.000Z',
        removalId: `REM-${sufixo}`,
        removalRemark: 'Retirar em horário comercial; chave com o segurado',
        insured: { name: 'Carlos Eduardo Lima', documentType: 'CPF', documentId: '529.982.247-25' },
        pickUpLocation: {
          name: 'Oficina Mecânica São Jorge',
          address: {
            type: 'Rua',
            street: 'Voluntários da Pátria',
            number: '1520',
            neighborhood: 'Santana',
            cityId: '3550308',
            cityName: 'São Paulo',
            stateId: '35',
            stateName: 'SP',
            country: 'Brasil',
            zip: '02011-200',
          },
          contact: { email: 'oficina@saojorge.com.br', cellphone: { countryCode: '55', zoneCode: '11', number: '987654321' } },
        },
        ...(o.patio ? { deliveryLocation: { name: o.patio } } : {}),
        vehicle: {
          brand: 'Volkswagen',
          model: 'Gol',
          version: '1.0 MPI',
          modelType: 'Automóvel',
          modelYear: 2021,
          plate: o.placa ?? placaDe(processId),
          chassis: o.chassi ?? `9BWAA45U0MP${createHash('sha1').update(processId).digest('hex').slice(0, 6).toUpperCase()}`,
          color: 'Prata',
          fuelType: 'FLE',
          fipeCode: '005340-6',
        },
      },
    },
  };
}

/** A status_update from the insurer: S08 (sale authorised) or S09 (removal cancelled). */
export function atualizacaoDaSeguradora(seguradora: Seguradora, processId: string, codigo: 'S08' | 'S09', mensagem: string) {
  return {
    event: { eventCode: codigo, eventName: codigo === 'S08' ? 'Venda autorizada' : 'Remoção cancelada', eventComment: mensagem },
    businessData: {
      ...comum(seguradora, processId),
      type: 'status_update',
      status_update: {
        statusCode: codigo === 'S08' ? 'AUTORIZADO' : 'CANCELADO',
        statusName: codigo,
        statusMessage: mensagem,
        timestamp: new Date().toISOString(),
        mainEvent: 'S01',
        processId,
      },
    },
  };
}

export function comunicacao(seguradora: Seguradora, processId: string, texto: string, codigo = `COM-${processId}`) {
  return {
    event: { eventCode: 'S14', eventName: 'Solicitação de comunicação', eventComment: '' },
    businessData: {
      ...comum(seguradora, processId),
      type: 'communication_request',
      communication_request: {
        code: codigo,
        type: 'PERGUNTA',
        protocol: processId,
        text: texto,
        user: 'Juliana Prado',
        timestamp: new Date().toISOString(),
      },
    },
  };
}

export function arquivos(seguradora: Seguradora, processId: string) {
  return {
    event: { eventCode: 'S16', eventName: 'Arquivos da remoção', eventComment: '' },
    businessData: {
      ...comum(seguradora, processId),
      type: 'removal_files',
      removal_files: [
        { fileName: 'laudo-perda-total.pdf', fileId: 'ARQ-1' },
        { fileName: 'crlv.pdf', fileId: 'ARQ-2' },
      ],
    },
  };
}

/** The signed request: body text and the two headers (HMAC-SHA256 of "<timestamp>.<body>"). */
export function assinado(segredo: string, evento: unknown, agoraMs = Date.now()) {
  const corpo = JSON.stringify(evento);
  const ts = String(Math.floor(agoraMs / 1000));
  const assinatura = `sha256=${createHmac('sha256', segredo).update(`${ts}.${corpo}`).digest('hex')}`;
  return { corpo, headers: { 'content-type': 'application/json', 'x-seguradora-timestamp': ts, 'x-seguradora-assinatura': assinatura } };
}

/** What an insurer answers to our status update: taken (EST02), or refused with its errors (NOT_PROCESSED). */
export const reciboDaSeguradora = (erros?: string[]) =>
  erros?.length ? { status: 'EST03', statusCode: 'NOT_PROCESSED', errors: erros } : { status: 'EST02', message: 'Evento processado' };
