import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { cliente, codigoConfirmacao, tokenUsoUnico, usuario } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { consumirTokenUsoUnico, revogarSessoesDoUsuario, type AvisoDeSessoes } from './login.server';
import { enfileirarEmail, enfileirarSms } from '~/modules/outbox/outbox.server';
import { hashSenha } from './senha.server';
import { exigirTentativa, reservarTentativa } from './limite.server';
import { gerarSegredo, passoDoCodigo, qrCodeDoSegredo } from './totp.server';
import { z } from 'zod';
import { emailSchema, senhaNovaSchema } from './validacao';

const pedidoDeRedefinicaoSchema = z.object({ email: emailSchema });

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const CODIGO_VALIDADE_MS = 15 * 60 * 1000;
/** Guesses per code; counted on the code's row before the comparison (decision 106). */
const MAX_TENTATIVAS_CODIGO = 5;

export const MENSAGENS_CONFIRMACAO = {
  enviado: { email: 'Enviamos um código de 6 dígitos para o seu e-mail', telefone: 'Enviamos um código de 6 dígitos por SMS' },
  aguarde: 'Aguarde um minuto para pedir um novo código',
  muitasTentativas: 'Muitas tentativas. Aguarde 15 minutos e tente de novo.',
  invalido: 'Código inválido ou expirado',
  confirmado: { email: 'E-mail confirmado com sucesso', telefone: 'Telefone confirmado com sucesso' },
  semTelefone: 'Cadastre um telefone antes de confirmar',
} as const;

/** /email and /telefone: sends a 6-digit code through the outbox. */
export async function enviarCodigo({
  db,
  hotsiteId,
  usuarioId,
  tipo,
  nomeMarca,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  tipo: 'email' | 'telefone';
  nomeMarca: string;
}) {
  const [c] = await db
    .select()
    .from(cliente)
    .where(and(eq(cliente.usuarioId, usuarioId), eq(cliente.hotsiteId, hotsiteId)));
  if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
  const destino = tipo === 'email' ? c.email : c.telefone;
  if (!destino) throw new ErroHttp(400, MENSAGENS_CONFIRMACAO.semTelefone);
  // One code a minute per user and kind, reserved before the code is made, so /email and /telefone cannot spam.
  await exigirTentativa(db, { limite: 'envioCodigo', chave: `${usuarioId}:${tipo}`, hotsiteId }, MENSAGENS_CONFIRMACAO.aguarde);
  const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.insert(codigoConfirmacao).values({
      hotsiteId,
      usuarioId,
      tipo,
      destino,
      codigoHash: sha(`${usuarioId}:${codigo}`),
      expiraEm: new Date(Date.now() + CODIGO_VALIDADE_MS),
    });
    const texto = `${nomeMarca}: seu código de confirmação é ${codigo}. Ele vale por 15 minutos.`;
    if (tipo === 'email')
      await enfileirarEmail({ db: tx as never, hotsiteId, para: destino, assunto: `${nomeMarca}: confirme seu e-mail`, texto });
    else await enfileirarSms({ db: tx as never, hotsiteId, para: destino, texto });
  });
  return { mensagem: MENSAGENS_CONFIRMACAO.enviado[tipo], destino };
}

/** Whether a code sent to the client is still waiting to be typed (unused, unexpired): the page then says "Enviamos". */
export async function haCodigoPendente({
  db,
  hotsiteId,
  usuarioId,
  tipo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  tipo: 'email' | 'telefone';
}) {
  const [pendente] = await db
    .select({ id: codigoConfirmacao.id })
    .from(codigoConfirmacao)
    .where(
      and(
        eq(codigoConfirmacao.usuarioId, usuarioId),
        eq(codigoConfirmacao.hotsiteId, hotsiteId),
        eq(codigoConfirmacao.tipo, tipo),
        isNull(codigoConfirmacao.usadoEm),
        gt(codigoConfirmacao.expiraEm, new Date()),
        lt(codigoConfirmacao.tentativas, MAX_TENTATIVAS_CODIGO),
      ),
    )
    .limit(1);
  return pendente !== undefined;
}

export async function confirmarCodigo({
  db,
  hotsiteId,
  usuarioId,
  tipo,
  codigo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  tipo: 'email' | 'telefone';
  codigo: unknown;
}) {
  const [pendente] = await db
    .select()
    .from(codigoConfirmacao)
    .where(
      and(
        eq(codigoConfirmacao.usuarioId, usuarioId),
        eq(codigoConfirmacao.hotsiteId, hotsiteId),
        eq(codigoConfirmacao.tipo, tipo),
        isNull(codigoConfirmacao.usadoEm),
        gt(codigoConfirmacao.expiraEm, new Date()),
      ),
    )
    .orderBy(desc(codigoConfirmacao.id))
    .limit(1);
  const invalido = () => new ErroHttp(400, MENSAGENS_CONFIRMACAO.invalido, { codigo: [MENSAGENS_CONFIRMACAO.invalido] });
  if (!pendente) throw invalido();
  // The guess is counted on the code's row before it is compared: one conditional increment, so of any
  // number of concurrent guesses at most MAX_TENTATIVAS_CODIGO are ever compared.
  const [contada] = await db
    .update(codigoConfirmacao)
    .set({ tentativas: sql`${codigoConfirmacao.tentativas} + 1` })
    .where(
      and(
        eq(codigoConfirmacao.id, pendente.id),
        isNull(codigoConfirmacao.usadoEm),
        lt(codigoConfirmacao.tentativas, MAX_TENTATIVAS_CODIGO),
      ),
    )
    .returning({ id: codigoConfirmacao.id });
  if (!contada) throw invalido();
  const valido = typeof codigo === 'string' && /^\d{6}$/.test(codigo.trim());
  if (!valido || pendente.codigoHash !== sha(`${usuarioId}:${codigo.trim()}`)) throw invalido();
  const agora = new Date();
  // Used once: of two concurrent right answers only one marks it.
  const [usado] = await db
    .update(codigoConfirmacao)
    .set({ usadoEm: agora })
    .where(and(eq(codigoConfirmacao.id, pendente.id), isNull(codigoConfirmacao.usadoEm)))
    .returning({ id: codigoConfirmacao.id });
  if (!usado) throw invalido();
  await db
    .update(cliente)
    .set(tipo === 'email' ? { emailConfirmadoAt: agora } : { telefoneConfirmadoAt: agora })
    .where(and(eq(cliente.usuarioId, usuarioId), eq(cliente.hotsiteId, hotsiteId)));
  return { mensagem: MENSAGENS_CONFIRMACAO.confirmado[tipo] };
}

export const MENSAGENS_SENHA = {
  pedido: 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.',
  linkInvalido: 'Link inválido ou expirado. Peça um novo link.',
  alterada: 'Senha alterada com sucesso. Faça login com a nova senha.',
} as const;

/** /redefinir-senha: always the same answer, so it does not reveal who has an account. */
export async function pedirRedefinicaoSenha({
  db,
  hotsiteId,
  email,
  urlBase,
  nomeMarca,
  ip,
}: {
  db: Db;
  hotsiteId: number;
  email: unknown;
  urlBase: string;
  nomeMarca: string;
  /** The client's address: a few requests an hour per address and per e-mail, past which nothing is sent. */
  ip: string;
}) {
  // Parsed as the form's field, so its error lands under E-mail on the page.
  const { email: e } = pedidoDeRedefinicaoSchema.parse({ email });
  // Past either limit the answer is the same (it must not tell who has an account); no e-mail leaves.
  const [porIp, porEmail] = [
    await reservarTentativa(db, { limite: 'redefinicaoPorIp', chave: ip }),
    await reservarTentativa(db, { limite: 'redefinicaoPorEmail', chave: `${hotsiteId}:${e}`, hotsiteId }),
  ];
  if (!porIp.permitida || !porEmail.permitida) return { mensagem: MENSAGENS_SENHA.pedido };
  const [u] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.email, e), eq(usuario.hotsiteId, hotsiteId)));
  const [staff] = u
    ? [u]
    : await db
        .select()
        .from(usuario)
        .where(and(eq(usuario.email, e), isNull(usuario.hotsiteId)));
  const alvo = u ?? staff;
  if (alvo && !alvo.bloqueado) {
    const token = randomBytes(24).toString('base64url');
    await db.insert(tokenUsoUnico).values({
      hotsiteId,
      usuarioId: alvo.id,
      tipo: 'redefinir-senha',
      tokenHash: sha(token),
      expiraEm: new Date(Date.now() + 60 * 60 * 1000),
    });
    const link = `${urlBase}/redefinir-senha?token=${token}`;
    await enfileirarEmail({
      db,
      hotsiteId,
      para: alvo.email,
      assunto: `${nomeMarca}: redefinição de senha`,
      texto: `Olá, ${alvo.nome}.\n\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):\n${link}\n\nSe você não pediu, ignore este e-mail.`,
    });
  }
  return { mensagem: MENSAGENS_SENHA.pedido };
}

export async function redefinirSenha({
  db,
  hub,
  hotsiteId,
  token,
  senha,
  confirmarSenha,
}: {
  db: Db;
  hub: AvisoDeSessoes;
  hotsiteId: number;
  token: unknown;
  senha: unknown;
  confirmarSenha: unknown;
}) {
  const nova = senhaNovaSchema.safeParse(senha);
  if (!nova.success) throw new ErroHttp(400, nova.error.issues[0].message, { senha: [nova.error.issues[0].message] });
  if (senha !== confirmarSenha) throw new ErroHttp(400, 'As senhas não conferem', { confirmarSenha: ['As senhas não conferem'] });
  const usuarioId = await consumirTokenUsoUnico({
    db,
    hotsiteId,
    tipo: 'redefinir-senha',
    valor: token,
    mensagem: MENSAGENS_SENHA.linkInvalido,
  });
  await db
    .update(usuario)
    .set({ senhaHash: await hashSenha(nova.data), updatedAt: new Date() })
    .where(eq(usuario.id, usuarioId));
  await revogarSessoesDoUsuario(db, usuarioId, hub);
  return { mensagem: MENSAGENS_SENHA.alterada };
}

/** Two-factor setup: a fresh secret (kept unconfirmed until the first valid code) and its QR code. */
export async function iniciar2fa({ db, usuarioId, emissor }: { db: Db; usuarioId: number; emissor: string }) {
  const [u] = await db.select().from(usuario).where(eq(usuario.id, usuarioId));
  if (!u) throw new ErroHttp(404, 'Usuário não encontrado');
  if (u.twoFactorHabilitado) return { habilitado: true as const };
  const segredo = u.twoFactorSegredo ?? gerarSegredo();
  if (!u.twoFactorSegredo) await db.update(usuario).set({ twoFactorSegredo: segredo }).where(eq(usuario.id, usuarioId));
  return { habilitado: false as const, segredo, ...(await qrCodeDoSegredo(segredo, u.email, emissor)) };
}

export async function confirmar2fa({ db, usuarioId, codigo }: { db: Db; usuarioId: number; codigo: unknown }) {
  await exigirTentativa(db, { limite: 'confirmacao2fa', chave: String(usuarioId) }, MENSAGENS_CONFIRMACAO.muitasTentativas);
  const [u] = await db.select().from(usuario).where(eq(usuario.id, usuarioId));
  const passo = u?.twoFactorSegredo && typeof codigo === 'string' ? passoDoCodigo(u.twoFactorSegredo, codigo.trim()) : null;
  if (!u || passo === null) throw new ErroHttp(400, 'Código de autenticação inválido', { codigo: ['Código de autenticação inválido'] });
  await db
    .update(usuario)
    .set({
      twoFactorHabilitado: true,
      twoFactorHabilitadoAt: new Date(),
      twoFactorUltimoPasso: passo,
      twoFactorUltimoUso: new Date(),
      twoFactorBloqueado: false,
    })
    .where(eq(usuario.id, usuarioId));
  return { mensagem: 'Autenticação em dois fatores habilitada' };
}
