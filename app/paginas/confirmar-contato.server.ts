import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { ErroHttp } from '~/utils/errors';
import { clienteDoUsuario } from '~/modules/identidade/cliente.server';
import { confirmarCodigo, enviarCodigo, haCodigoPendente } from '~/modules/identidade/confirmacao.server';
import { formatarTelefone } from '~/modules/dominio/documentos-br';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { redirecionarComAviso } from './paginas.server';

export async function carregarContato({ request, context }: LoaderFunctionArgs, tipo: 'email' | 'telefone') {
  const u = await exigirLogin(request, context);
  const c = await clienteDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  if (!c) throw new Response('Somente clientes confirmam e-mail e telefone', { status: 404 });
  const confirmado = (tipo === 'email' ? c.emailConfirmadoAt : c.telefoneConfirmadoAt) !== null;
  const enviado = !confirmado && (await haCodigoPendente({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, tipo }));
  return tipo === 'email'
    ? { destino: c.email, confirmado, enviado }
    : { destino: c.telefone ? formatarTelefone(c.telefone) : null, confirmado, enviado };
}

export async function acaoContato({ request, context }: ActionFunctionArgs, tipo: 'email' | 'telefone') {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  try {
    if (form.get('_acao') === 'enviar') {
      const r = await enviarCodigo({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, tipo, nomeMarca: context.marca.nome });
      return { ok: true, enviado: true, mensagem: r.mensagem };
    }
    const r = await confirmarCodigo({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, tipo, codigo: form.get('codigo') });
    return redirecionarComAviso(tipo === 'email' ? '/telefone' : '/cliente/minha-pagina', r.mensagem);
  } catch (e) {
    if (e instanceof ErroHttp) return { ok: false, mensagem: e.mensagem, erros: e.detalhes };
    throw e;
  }
}
