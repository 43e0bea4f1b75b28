import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's minimum profile: 19 MiB, 2 passes, 1 lane.
 * A wrong or malformed stored hash verifies as false, never throws to the caller.
 */
const OPCOES = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSenha = (senha: string) => hash(senha, OPCOES);

export async function verificarSenha(senhaHash: string | null | undefined, senha: string): Promise<boolean> {
  if (!senhaHash) return false;
  try {
    return await verify(senhaHash, senha);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist. */
let hashFalso: Promise<string> | undefined;
export const hashDeReferencia = () => (hashFalso ??= hashSenha('senha-que-ninguem-tem-9f2c'));
