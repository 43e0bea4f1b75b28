import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { cliente, endereco, usuario, usuarioPapel } from '@db/schema';
import { hashSenha } from '~/modules/identidade/senha.server';
import { PAPEIS_INTERNOS as P, PAPEL_CLIENTE } from '~/modules/dominio/papeis';

/** Every demo account's password (README). */
export const SENHA_DEMO = 'martelo123';
/** Base32 TOTP secret of 2fa@martelo.test (README): any authenticator app, or `codigoAtual()`. */
export const SEGREDO_2FA_DEMO = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const STAFF_DEMO = [
  { email: 'admin@martelo.test', nome: 'Helena Duarte', papeis: [P.ADM] },
  { email: 'sac@martelo.test', nome: 'Rafael Nogueira', papeis: [P.SAC] },
  { email: 'leiloeiro@martelo.test', nome: 'Otávio Bittencourt', papeis: [P.LEILOEIRO] },
  { email: 'comitente@martelo.test', nome: 'Marina Casagrande', papeis: [P.COMITENTE] },
  { email: 'mkt@martelo.test', nome: 'Lívia Fontana', papeis: [P.MKT] },
  { email: '2fa@martelo.test', nome: 'Sérgio Tavares', papeis: [P.ADM, P.LIBERACAO_2FA] },
  // One account per staff role of 000 §6 that has screens (issue #33).
  { email: 'dev@martelo.test', nome: 'Caio Menezes', papeis: [P.DEV] },
  { email: 'gerente-sac@martelo.test', nome: 'Patrícia Lobo', papeis: [P.GERENTE_SAC] },
  { email: 'acerto@martelo.test', nome: 'Beatriz Sampaio', papeis: [P.ACERTO] },
  { email: 'patio@martelo.test', nome: 'Edson Moraes', papeis: [P.PATIO] },
  { email: 'remocao@martelo.test', nome: 'Wagner Pacheco', papeis: [P.REMOCAO] },
  { email: 'financeiro@martelo.test', nome: 'Luciana Brandão', papeis: [P.FINANCEIRO] },
  { email: 'leilao@martelo.test', nome: 'Gustavo Arantes', papeis: [P.LEILAO] },
  // Exclusive events (issue #32): guests and report are Dev's screens (000 §6).
  { email: 'eventos@martelo.test', nome: 'Camila Arantes', papeis: [P.DEV] },
];

/** CPF with computed check digits from 9 base digits. */
export function cpfDemo(base: string): string {
  const dv = (s: string, p: number) => {
    const r = [...s].reduce((a, d, i) => a + Number(d) * (p - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base, 10);
  return `${base}${d1}${dv(`${base}${d1}`, 11)}`;
}

const CLIENTES = [
  {
    nome: 'Ana Paula Ribeiro',
    telefone: '11987652301',
    nascimento: '1985-03-14',
    end: { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1578', bairro: 'Bela Vista', cidade: 'São Paulo', estadoSigla: 'SP' },
  },
  {
    nome: 'João Carlos Almeida',
    telefone: '21998734512',
    nascimento: '1978-11-02',
    end: {
      cep: '22021-001',
      logradouro: 'Avenida Atlântica',
      numero: '2364',
      bairro: 'Copacabana',
      cidade: 'Rio de Janeiro',
      estadoSigla: 'RJ',
    },
  },
  {
    nome: 'Fernanda Lima Castro',
    telefone: '31991237788',
    nascimento: '1990-07-21',
    end: {
      cep: '30130-010',
      logradouro: 'Avenida Afonso Pena',
      numero: '867',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      estadoSigla: 'MG',
    },
  },
  {
    nome: 'Ricardo Souza Pereira',
    telefone: '41996541230',
    nascimento: '1982-01-09',
    end: { cep: '80020-310', logradouro: 'Rua XV de Novembro', numero: '300', bairro: 'Centro', cidade: 'Curitiba', estadoSigla: 'PR' },
  },
  {
    nome: 'Camila Rocha Martins',
    telefone: '51993214455',
    nascimento: '1995-09-30',
    end: {
      cep: '90010-150',
      logradouro: 'Rua dos Andradas',
      numero: '1234',
      bairro: 'Centro Histórico',
      cidade: 'Porto Alegre',
      estadoSigla: 'RS',
    },
  },
  {
    nome: 'Marcos Vinícius Teixeira',
    telefone: '62998127766',
    nascimento: '1987-05-17',
    end: { cep: '74015-010', logradouro: 'Avenida Goiás', numero: '455', bairro: 'Setor Central', cidade: 'Goiânia', estadoSigla: 'GO' },
  },
  {
    nome: 'Patrícia Gomes Barbosa',
    telefone: '91992346677',
    nascimento: '1980-12-05',
    end: {
      cep: '66010-000',
      logradouro: 'Avenida Presidente Vargas',
      numero: '762',
      bairro: 'Campina',
      cidade: 'Belém',
      estadoSigla: 'PA',
    },
  },
  {
    nome: 'Thiago Henrique Moraes',
    telefone: '71994563322',
    nascimento: '1992-02-11',
    end: {
      cep: '40020-000',
      logradouro: 'Avenida Sete de Setembro',
      numero: '1001',
      bairro: 'Centro',
      cidade: 'Salvador',
      estadoSigla: 'BA',
    },
  },
  {
    nome: 'Juliana Carvalho Dias',
    telefone: '81997658899',
    nascimento: '1988-08-08',
    end: { cep: '50030-230', logradouro: 'Avenida Rio Branco', numero: '155', bairro: 'Recife', cidade: 'Recife', estadoSigla: 'PE' },
  },
  {
    nome: 'Eduardo Fonseca Lopes',
    telefone: '85991239900',
    nascimento: '1975-04-26',
    end: {
      cep: '60060-440',
      logradouro: 'Avenida Santos Dumont',
      numero: '2828',
      bairro: 'Aldeota',
      cidade: 'Fortaleza',
      estadoSigla: 'CE',
    },
  },
];

/** Demo logins: staff (platform-wide) and two clients per demo brand. Idempotent; hashes once. */
export async function seedIdentidade(db: Db, hotsiteIds: number[]) {
  const senhaHash = await hashSenha(SENHA_DEMO);
  for (const s of STAFF_DEMO) {
    const [existe] = await db
      .select({ id: usuario.id })
      .from(usuario)
      .where(and(eq(usuario.email, s.email), isNull(usuario.hotsiteId)));
    if (existe) continue;
    const doisFatores = s.email === '2fa@martelo.test';
    const [u] = await db
      .insert(usuario)
      .values({
        email: s.email,
        nome: s.nome,
        senhaHash,
        ...(doisFatores ? { twoFactorHabilitado: true, twoFactorHabilitadoAt: new Date(), twoFactorSegredo: SEGREDO_2FA_DEMO } : {}),
      })
      .returning();
    await db.insert(usuarioPapel).values(s.papeis.map((papel) => ({ usuarioId: u.id, papel })));
  }
  let i = 0;
  for (const hotsiteId of [...hotsiteIds].sort((a, b) => a - b)) {
    for (const n of [1, 2]) {
      const dados = CLIENTES[i % CLIENTES.length];
      const base = String(100_000_000 + hotsiteId * 1000 + n * 37).slice(-9);
      i++;
      const email = `cliente${n}@h${hotsiteId}.martelo.test`;
      const [existe] = await db
        .select({ id: usuario.id })
        .from(usuario)
        .where(and(eq(usuario.email, email), eq(usuario.hotsiteId, hotsiteId)));
      if (existe) continue;
      await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(usuario)
          .values({ hotsiteId, email, nome: dados.nome, senhaHash, telefone: dados.telefone })
          .returning();
        await tx.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEL_CLIENTE });
        const agora = new Date();
        const [c] = await tx
          .insert(cliente)
          .values({
            hotsiteId,
            usuarioId: u.id,
            nome: dados.nome,
            email,
            cpf: cpfDemo(base),
            dataNascimento: dados.nascimento,
            telefone: dados.telefone,
            apelido: dados.nome.split(' ')[0],
            carros: true,
            motos: n === 2,
            emailConfirmadoAt: agora,
            telefoneConfirmadoAt: agora,
          })
          .returning();
        await tx.insert(endereco).values({ hotsiteId, clienteId: c.id, ...dados.end });
      });
    }
  }
}
