import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import {
  criarLocalRemocao,
  criarMotorista,
  criarTransportadora,
  editarLocalRemocao,
  editarMotorista,
  editarTransportadora,
  listarLocaisRemocao,
  listarMotoristas,
  listarTransportadoras,
  MENSAGENS_CADASTROS,
  obterLocalRemocao,
  obterMotorista,
  obterTransportadora,
} from '~/modules/remocoes/cadastros.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { comoErroDeFormulario, redirecionarComAviso } from './paginas.server';
import { CADASTROS, type Cadastro } from './textos-cadastros-remocao';

/*
 * The removal registers' staff screens (issue #31; decision 207): /admin/transportadoras, /admin/motoristas and
 * /admin/locais-remocao, each a list with a search and the form that creates one, or with a uid the form that
 * edits it. The same use cases as the API's `/remocoes/consulta/<register>`; the roles of /admin/remocao.
 */

const NAO_ACHADO: Record<Cadastro, string> = {
  transportadoras: MENSAGENS_CADASTROS.transportadora,
  motoristas: MENSAGENS_CADASTROS.motorista,
  'locais-remocao': MENSAGENS_CADASTROS.local,
};

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A register entry of this brand by the URL's uid; 404 with the register's own words otherwise. */
async function doUid(cadastro: Cadastro, uid: string, db: Db, hotsiteId: number) {
  const achado = !UID.test(uid)
    ? null
    : cadastro === 'transportadoras'
      ? await obterTransportadora({ db, hotsiteId, uid })
      : cadastro === 'motoristas'
        ? await obterMotorista({ db, hotsiteId, uid })
        : await obterLocalRemocao({ db, hotsiteId, uid });
  if (!achado) throw new Response(NAO_ACHADO[cadastro], { status: 404 });
  return achado;
}
type Db = LoaderFunctionArgs['context']['db'];

export async function carregarCadastroRemocao({ request, params, context }: LoaderFunctionArgs, cadastro: Cadastro) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const busca = (new URL(request.url).searchParams.get('busca') ?? '').slice(0, 100);
  const filtro = { busca };
  const [itens, transportadoras, atual] = await Promise.all([
    params.uid
      ? Promise.resolve([])
      : cadastro === 'transportadoras'
        ? listarTransportadoras({ db, hotsiteId, filtro })
        : cadastro === 'motoristas'
          ? listarMotoristas({ db, hotsiteId, filtro })
          : listarLocaisRemocao({ db, hotsiteId, filtro }),
    cadastro === 'motoristas' ? listarTransportadoras({ db, hotsiteId, filtro: {} }) : Promise.resolve([]),
    params.uid ? doUid(cadastro, params.uid, db, hotsiteId) : Promise.resolve(null),
  ]);
  return {
    cadastro,
    busca,
    itens: itens as Record<string, unknown>[],
    transportadoras: transportadoras.map((t) => ({ valor: String(t.id), nome: t.nome })),
    atual: atual as Record<string, unknown> | null,
  };
}

/** Degrees as a person types them ("-23,5505" or "-23.5505"); blank is none. */
function grau(campo: 'latitude' | 'longitude', v: string | undefined): number | null {
  const t = (v ?? '').trim();
  if (!t) return null;
  const n = /^-?\d{1,3}([.,]\d{1,10})?$/.test(t) ? Number(t.replace(',', '.')) : NaN;
  if (Number.isNaN(n)) {
    const m = `${campo === 'latitude' ? 'Latitude' : 'Longitude'} inválida: use graus decimais, como -23,5505`;
    throw new ErroHttp(400, 'Confira os campos destacados', { [campo]: [m] });
  }
  return n;
}

/** The form's fields as the register's schema reads them. */
function entradaDo(cadastro: Cadastro, c: Record<string, string>): Record<string, unknown> {
  if (cadastro === 'transportadoras') return { nome: c.nome, cnpj: c.cnpj, telefone: c.telefone, email: c.email };
  if (cadastro === 'motoristas')
    return { nome: c.nome, cpf: c.cpf, telefone: c.telefone, email: c.email, transportadoraId: c.transportadoraId };
  return {
    nome: c.nome,
    endereco: {
      logradouro: c['endereco.logradouro'],
      numero: c['endereco.numero'],
      bairro: c['endereco.bairro'],
      cidade: c['endereco.cidade'],
      estadoSigla: c['endereco.estadoSigla']?.toUpperCase(),
      cep: c['endereco.cep'],
    },
    contatoNome: c.contatoNome,
    contatoEmail: c.contatoEmail,
    contatoTelefone: c.contatoTelefone,
    contatoTelefone2: c.contatoTelefone2,
    latitude: grau('latitude', c.latitude),
    longitude: grau('longitude', c.longitude),
  };
}

export async function acaoCadastroRemocao({ request, params, context }: ActionFunctionArgs, cadastro: Cadastro) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    const entrada = entradaDo(cadastro, campos);
    if (params.uid) {
      await doUid(cadastro, params.uid, db, hotsiteId);
      const editar =
        cadastro === 'transportadoras' ? editarTransportadora : cadastro === 'motoristas' ? editarMotorista : editarLocalRemocao;
      if (!(await editar({ db, hotsiteId, uid: params.uid, entrada }))) throw new ErroHttp(404, NAO_ACHADO[cadastro]);
    } else {
      const criar = cadastro === 'transportadoras' ? criarTransportadora : cadastro === 'motoristas' ? criarMotorista : criarLocalRemocao;
      await criar({ db, hotsiteId, entrada });
    }
    return redirecionarComAviso(`/admin/${cadastro}`, CADASTROS[cadastro].salvo);
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}
