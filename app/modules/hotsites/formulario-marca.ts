import { deCampoDataHora } from '~/utils/campo-data-hora';
import { REDES_SOCIAIS } from './hotsite.schema';

/**
 * The brand form's fields → the object hotsiteInputSchema parses (the same as the JSON API's body).
 * Pure, so the no-JavaScript form and the API are validated by one schema.
 */
type Campos = Record<string, FormDataEntryValue | FormDataEntryValue[] | undefined>;

const texto = (v: unknown) => (typeof v === 'string' ? v : undefined);
const numero = (v: unknown) => {
  const t = texto(v)?.trim().replace(',', '.');
  return t ? Number(t) : undefined;
};
const lista = (v: unknown) =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string' && x !== '');

export const CONFIRMACOES = ['email', 'telefone', 'documentos'] as const;

/** What staff and clients read for the keys above (the keys stay the stored values). */
export const ROTULOS_CONFIRMACAO: Record<string, string> = { email: 'E-mail', telefone: 'Telefone', documentos: 'Documentos aprovados' };
export const ROTULOS_TIPO_MARCA: Record<string, string> = { leilao: 'Leilão', loja: 'Loja' };
export const ROTULOS_REDE_SOCIAL: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  x: 'X (Twitter)',
};

/** FormData → plain fields, keeping repeated names (checkbox groups) as arrays. */
export function camposDoFormulario(form: FormData): Campos {
  const saida: Campos = {};
  for (const nome of new Set(form.keys())) {
    const valores = form.getAll(nome);
    saida[nome] = valores.length > 1 ? valores : valores[0];
  }
  return saida;
}

export function hotsiteDoFormulario(c: Campos) {
  const endereco = {
    logradouro: texto(c['endereco.logradouro']) ?? '',
    numero: texto(c['endereco.numero']) ?? '',
    bairro: texto(c['endereco.bairro']) ?? '',
    cidade: texto(c['endereco.cidade']) ?? '',
    estadoSigla: texto(c['endereco.estadoSigla']) ?? '',
    cep: texto(c['endereco.cep']) || undefined,
    latitude: numero(c['endereco.latitude']),
    longitude: numero(c['endereco.longitude']),
  };
  const temEndereco = Object.values(endereco).some((v) => v !== '' && v !== undefined);
  const redesSociais = Object.fromEntries(REDES_SOCIAIS.map((r) => [r, texto(c[`redesSociais.${r}`])?.trim()]).filter(([, v]) => v));
  const urls: Record<string, Record<string, string>> = {};
  for (const grupo of ['site', 'api']) {
    for (const amb of ['producao', 'homologacao']) {
      const v = texto(c[`urls.${grupo}.${amb}`])?.trim();
      if (v) (urls[grupo] ??= {})[amb] = v;
    }
  }
  return {
    tipo: texto(c.tipo),
    modoSite: texto(c.modoSite),
    nome: texto(c.nome),
    descricao: texto(c.descricao) ?? '',
    telefoneContato: texto(c.telefoneContato) ?? '',
    whatsappContato: texto(c.whatsappContato),
    emailContato: texto(c.emailContato),
    corPrimaria: texto(c.corPrimaria),
    corSecundaria: texto(c.corSecundaria),
    corGradient1: texto(c.corGradient1),
    corGradient2: texto(c.corGradient2),
    corGradient3: texto(c.corGradient3),
    fonte: texto(c.fonte),
    googleAnalytics: texto(c.googleAnalytics),
    scriptCabecalho: texto(c.scriptCabecalho),
    domain: texto(c.domain),
    subdomain: texto(c.subdomain),
    linkCanonico: texto(c.linkCanonico),
    apiUrl: texto(c.apiUrl),
    urls,
    cadastroInicio: deCampoDataHora(c.cadastroInicio),
    cadastroFim: deCampoDataHora(c.cadastroFim),
    visualizacaoInicio: deCampoDataHora(c.visualizacaoInicio),
    visualizacaoFim: deCampoDataHora(c.visualizacaoFim),
    permitirCpf: c.permitirCpf === 'on',
    permitirCnpj: c.permitirCnpj === 'on',
    manterCondicional: c.manterCondicional === 'on',
    tipoHabilitacao: texto(c.tipoHabilitacao),
    habilitacaoComAprovacao: c.habilitacaoComAprovacao === 'on',
    loginObrigatorioVisualizar: c.loginObrigatorioVisualizar === 'on',
    endereco: temEndereco ? endereco : null,
    confirmacoesObrigatorias: lista(c.confirmacoesObrigatorias),
    documentosObrigatorios: lista(c.documentosObrigatorios),
    redesSociais,
    rodape: texto(c.rodape),
  };
}
