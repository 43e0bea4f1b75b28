import { lerFormulario } from '~/utils/formulario.server';
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { ErroHttp } from '~/utils/errors';
import { efetuarLogin, MENSAGENS_LOGIN } from '~/modules/identidade/login.server';
import { dispositivoDoPedido, recusarSeBloqueado } from '~/modules/operacoes/bloqueios.server';
import { comoErroDeFormulario, destinoSeguro, origemDoContexto, redirecionarLogado } from './paginas.server';

/**
 * POST of /login and /login-sistema. When the code is missing or wrong the form comes back with the
 * code field and the e-mail and password kept, so the user only types the code.
 */
export async function acaoDeLogin({ request, context }: ActionFunctionArgs, { sistema }: { sistema: boolean }) {
  const form = await lerFormulario(request);
  const entrada = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const valores = { email: entrada.email ?? '', manterLogado: entrada.manterLogado === 'on', senha: '', pedir2fa: false };
  try {
    // A blocked address or device never reaches the password check (decision 192).
    await recusarSeBloqueado({
      db: context.db,
      hotsites: context.hotsites,
      hotsiteId: context.marca.id,
      ip: context.ip,
      dispositivo: dispositivoDoPedido((n) => request.headers.get(n)),
      acao: 'login',
      email: entrada.email,
    });
    const r = await efetuarLogin({
      db: context.db,
      hotsiteId: context.marca.id,
      entrada,
      origem: origemDoContexto(request, context),
      canal: 'pagina',
      somenteInterno: sistema,
    });
    const padrao = sistema ? '/admin' : r.roles.some((p) => p.startsWith('Interno - ')) ? '/admin' : '/';
    const destino = destinoSeguro(entrada.redirectTo, padrao);
    if (r.twoFactorObrigatorio && !r.twoFactorHabilitado)
      return redirecionarLogado(`/dois-fatores?${new URLSearchParams({ redirectTo: destino })}`, r, r.manterLogado);
    return redirecionarLogado(destino, r, r.manterLogado);
  } catch (e) {
    if (e instanceof ErroHttp && e.detalhes?.twoFactorcode && e.mensagem !== MENSAGENS_LOGIN.twoFactorBloqueado) {
      return json(
        { ok: false as const, mensagem: e.mensagem, erros: e.detalhes, valores: { ...valores, senha: entrada.senha, pedir2fa: true } },
        { status: e.status },
      );
    }
    return comoErroDeFormulario(e, valores);
  }
}
