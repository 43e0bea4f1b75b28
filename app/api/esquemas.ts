import { z } from 'zod';

/**
 * Building blocks of the API's documented answers (the OpenAPI document is generated from these and
 * from the request schemas, app/api/documentacao.server.ts). Units: docs/decisions/013.
 */
export const centavos = z.number().int().meta({ description: 'Dinheiro em centavos de real, inteiro (105000 = R$ 1.050,00)' });
export const pontosBase = z.number().int().meta({ description: 'Porcentagem em pontos-base, inteiro (500 = 5%)' });
export const instante = z.string().meta({ description: 'Data e hora ISO 8601 em UTC', example: '2026-06-10T18:00:00.000Z' });
export const uuid = z.string().meta({ description: 'uid (UUID)' });
/** A lot's commission and fees (basis points and centavos), as the lot's answers carry them. */
export const camposDasTaxas = {
  comissaoPorcentagem: pontosBase,
  comissaoExtraPorcentagem: pontosBase,
  comissaoExtraMensagem: z.string().nullable(),
  despachante: centavos,
  outros: centavos,
  remocao: centavos,
  depositoDeBens: centavos,
  vistoria: centavos,
};
/** A bank account's own fields, as every answer that shows one carries them. */
export const camposDaConta = {
  banco: z.string(),
  codigoBanco: z.string(),
  agencia: z.string(),
  conta: z.string(),
  digito: z.string(),
  titular: z.string(),
  cpfCnpj: z.string().meta({ description: 'CPF ou CNPJ formatado' }),
  chavePix: z.string().nullable(),
  permiteBoleto: z.boolean(),
};

/** Date → ISO string (what JSON makes of it), kept explicit so the answer is typed by its schema. */
export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

/** 001 §8: every error of /v1 and /v2 (4xx and 5xx, including 404 and refused bodies). */
export const erroApiSchema = z
  .object({
    message: z.string().meta({ description: 'Mensagem em pt-BR, para mostrar ao usuário' }),
    statusCode: z.number().int().meta({ description: 'O status HTTP da resposta' }),
    error: z.string().meta({ description: 'Nome do status em pt-BR ("Requisição inválida", "Não encontrado", ...)' }),
    erros: z.record(z.string(), z.array(z.string())).optional().meta({
      description: 'Erros de validação por campo (caminho do campo → mensagens), quando houver: para marcar cada campo de um formulário',
    }),
    requestId: z.string().optional().meta({ description: 'Só em 5xx: o identificador do pedido, que acha o erro no log' }),
  })
  .meta({ id: 'Erro' });

/** A plain success message (`{ mensagem }`): deletions, logout, saved profile. */
export const mensagemSchema = z.object({ mensagem: z.string() }).meta({ id: 'Mensagem' });
