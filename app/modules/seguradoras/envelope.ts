import '~/utils/zod-pt-br';
import { z } from 'zod';
import { CODIGOS_ETAPA } from '~/modules/remocoes/etapas';

/*
 * The insurer's envelope (spec 001 §9 "Insurer integration payloads"), read with zod: the event (eventCode,
 * eventName, eventComment) and the business data (sender, recipient, processId, type and the object of that
 * type: removal, status_update, communication_request, removal_files). "Fields mostly required non-empty text
 * with optional blocks" (001 §5): what the removal cannot do without is required, the rest optional
 * (decision 172). Unknown keys are dropped, so an insurer adding a field never breaks its own events.
 */

const texto = (max = 200) => z.string({ error: 'deve ser um texto' }).trim().min(1, 'não pode ser vazio').max(max, `até ${max} caracteres`);
const opcional = (max = 200) => z.preprocess((v) => (v === '' || v === null ? undefined : v), texto(max).optional());
const numeroOuTexto = (max = 60) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), opcional(max));
const dataHora = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'deve ser uma data' })
    .refine((s) => !Number.isNaN(Date.parse(s)), 'data inválida (ISO 8601)')
    .optional(),
);

export const parteSchema = z.object({
  id: texto(60),
  idType: opcional(20),
  name: texto(200),
  code: opcional(60),
});

const telefoneSchema = z.object({ countryCode: numeroOuTexto(4), zoneCode: numeroOuTexto(4), number: numeroOuTexto(20) });

export const enderecoSchema = z.object({
  type: opcional(40),
  street: texto(200),
  complement: opcional(200),
  number: numeroOuTexto(20),
  neighborhood: opcional(120),
  cityId: numeroOuTexto(20),
  cityName: texto(120),
  stateId: numeroOuTexto(20),
  stateName: texto(60),
  country: opcional(60),
  zip: opcional(12),
});

export const pessoaSchema = z.object({
  name: texto(200),
  documentType: opcional(20),
  documentId: opcional(30),
  activityCode: opcional(20),
  address: enderecoSchema.optional(),
  contact: z.object({ email: opcional(200), telephone: telefoneSchema.optional(), cellphone: telefoneSchema.optional() }).optional(),
});

export const veiculoSeguradoraSchema = z
  .object({
    brand: opcional(60),
    model: texto(120),
    version: opcional(120),
    modelType: opcional(60),
    description: opcional(300),
    modelYear: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number({ error: 'ano inválido' }).int('ano inválido').min(1900, 'ano inválido').max(2100, 'ano inválido').optional(),
    ),
    plate: opcional(10),
    chassis: opcional(30),
    color: opcional(40),
    fuelType: opcional(20),
    fipeCode: opcional(20),
  })
  .refine((v) => v.plate || v.chassis, { message: 'informe a placa ou o chassi', path: ['plate'] });

export const remocaoSeguradoraSchema = z.object({
  claimRegisterDate: dataHora,
  claimId: texto(60),
  protocolId: opcional(60),
  fileId: opcional(60),
  fileType: opcional(40),
  policyId: opcional(60),
  endorsementId: opcional(60),
  riskId: opcional(60),
  businessLineId: opcional(60),
  productId: opcional(60),
  claimNature: opcional(120),
  productType: opcional(120),
  damageDescription: opcional(1000),
  inspectionId: opcional(60),
  inventoryCode: opcional(60),
  transporter: z.object({ name: opcional(200) }).optional(),
  analyst: z.object({ name: opcional(200) }).optional(),
  totalLossDeclarationDate: dataHora,
  removalId: texto(60),
  removalRemark: opcional(2000),
  insured: pessoaSchema.optional(),
  pickUpLocation: pessoaSchema.extend({ address: enderecoSchema }),
  deliveryLocation: pessoaSchema.optional(),
  vehicle: veiculoSeguradoraSchema,
});

export const statusUpdateSchema = z.object({
  statusCode: texto(40),
  statusName: opcional(200),
  statusMessage: opcional(2000),
  timestamp: dataHora,
  mainEvent: opcional(10),
  processId: opcional(100),
  error: z
    .object({
      name: opcional(200),
      type: opcional(60),
      errors: z.array(texto(500)).max(50).optional(),
      timestamp: dataHora,
      application: opcional(120),
    })
    .optional(),
});

export const comunicacaoSchema = z.object({
  code: texto(60),
  type: opcional(60),
  protocol: opcional(60),
  text: texto(4000),
  responseToCode: opcional(60),
  user: opcional(200),
  timestamp: dataHora,
});

export const arquivosSchema = z
  .array(z.object({ fileName: texto(300), fileId: texto(100) }))
  .min(1, 'informe ao menos um arquivo')
  .max(100);

const TIPOS = ['removal', 'status_update', 'communication_request', 'removal_files'] as const;

export const envelopeSchema = z
  .object({
    event: z.object({
      eventCode: z.enum(CODIGOS_ETAPA, { error: 'eventCode deve ser de S01 a S17' }),
      eventName: texto(200),
      eventComment: z.preprocess((v) => v ?? '', z.string().max(2000)).optional(),
    }),
    businessData: z.object({
      sender: parteSchema,
      recipient: parteSchema,
      processId: texto(100),
      type: z.enum(TIPOS, { error: 'type deve ser removal, status_update, communication_request ou removal_files' }),
      removal: remocaoSeguradoraSchema.optional(),
      status_update: statusUpdateSchema.optional(),
      communication_request: comunicacaoSchema.optional(),
      removal_files: arquivosSchema.optional(),
    }),
  })
  .superRefine((e, ctx) => {
    const t = e.businessData.type;
    if (e.businessData[t] === undefined)
      ctx.addIssue({ code: 'custom', path: ['businessData', t], message: `o objeto ${t} é obrigatório quando type é ${t}` });
  });

export type Envelope = z.infer<typeof envelopeSchema>;
export type RemocaoSeguradora = z.infer<typeof remocaoSeguradoraSchema>;

/** zod's issues as the receipt's error list: "businessData.removal.claimId: não pode ser vazio". */
export const errosDoEnvelope = (e: z.ZodError): string[] =>
  e.issues.slice(0, 20).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
