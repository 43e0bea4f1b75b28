import { useState } from 'react';
import * as f from '~/components/admin-form.css';
import { botao } from '~/components/layout.css';
import { CONFIRMACOES, ROTULOS_CONFIRMACAO, ROTULOS_REDE_SOCIAL } from '~/modules/hotsites/formulario-marca';
import { DOCUMENTOS, ROTULOS_DOCUMENTO } from '~/modules/identidade/tipos-de-documento';
import { REDES_SOCIAIS, type Marca } from '~/modules/hotsites/hotsite.schema';
import { paraCampoDataHora } from '~/utils/campo-data-hora';
import { Campo, FormAcao, Marcar } from './form-acao';
import { PreviaDaMarca } from './previa';
import * as s from './route.css';

/** The brand's stored fields as the form shows them (dates arrive as ISO strings from the loader). */
export interface DadosMarca {
  nome: string;
  descricao: string;
  tipo: string;
  modoSite: string;
  telefoneContato: string;
  whatsappContato: string | null;
  emailContato: string | null;
  corPrimaria: string;
  corSecundaria: string;
  corGradient1: string;
  corGradient2: string;
  corGradient3: string;
  fonte: string | null;
  googleAnalytics: string | null;
  scriptCabecalho: string | null;
  domain: string | null;
  subdomain: string | null;
  linkCanonico: string | null;
  apiUrl: string | null;
  urls?: unknown;
  cadastroInicio: string | Date | null;
  cadastroFim: string | Date | null;
  visualizacaoInicio: string | Date | null;
  visualizacaoFim: string | Date | null;
  permitirCpf: boolean;
  permitirCnpj: boolean;
  manterCondicional: boolean;
  tipoHabilitacao: string;
  habilitacaoComAprovacao: boolean;
  loginObrigatorioVisualizar: boolean;
  endereco?: unknown;
  confirmacoesObrigatorias?: unknown;
  documentosObrigatorios?: unknown;
  redesSociais?: unknown;
  rodape: string | null;
  logo: string | null;
  favicon: string | null;
}

const CORES = [
  ['corPrimaria', 'Cor primária'],
  ['corSecundaria', 'Cor secundária'],
  ['corGradient1', 'Gradiente 1'],
  ['corGradient2', 'Gradiente 2'],
  ['corGradient3', 'Gradiente 3'],
] as const;

const hex7 = (v: string) => (/^#[0-9a-f]{6}/i.test(v) ? v.slice(0, 7) : '#000000');
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function FormularioMarca({ dados, marca, novo }: { dados: DadosMarca; marca: Marca; novo: boolean }) {
  const [previa, setPrevia] = useState<Marca>(marca);
  // Live preview: every keystroke or colour drag re-themes the preview, before any save.
  const aoMudar: React.FormEventHandler<HTMLFormElement> = (e) => {
    const fd = new FormData(e.currentTarget);
    const v = (k: string) => (typeof fd.get(k) === 'string' ? (fd.get(k) as string) : '');
    setPrevia((p) => ({
      ...p,
      nome: v('nome') || p.nome,
      tipo: v('tipo') === 'loja' ? 'loja' : 'leilao',
      corPrimaria: v('corPrimaria') || p.corPrimaria,
      corSecundaria: v('corSecundaria') || p.corSecundaria,
      corGradient1: v('corGradient1') || p.corGradient1,
      corGradient2: v('corGradient2') || p.corGradient2,
      corGradient3: v('corGradient3') || p.corGradient3,
      fonte: /^[A-Za-z0-9 -]{1,40}$/.test(v('fonte')) ? v('fonte') : null,
    }));
  };
  const end = obj(dados.endereco);
  const redes = obj(dados.redesSociais);
  const urls = obj(dados.urls);
  const confirmacoes = Array.isArray(dados.confirmacoesObrigatorias) ? (dados.confirmacoesObrigatorias as string[]) : [];
  const documentos = Array.isArray(dados.documentosObrigatorios) ? (dados.documentosObrigatorios as string[]) : [];

  return (
    <div className={s.lado}>
      <FormAcao acao="salvar-marca" multipart onChange={aoMudar} testId="formulario-marca">
        <fieldset className={f.grupo}>
          <legend>Identidade</legend>
          <Campo nome="nome" rotulo="Nome">
            <input className={f.entrada} name="nome" required minLength={2} maxLength={120} defaultValue={dados.nome} />
          </Campo>
          <Campo nome="tipo" rotulo="Tipo">
            <select className={f.entrada} name="tipo" defaultValue={dados.tipo}>
              <option value="leilao">Leilão</option>
              <option value="loja">Loja</option>
            </select>
          </Campo>
          <Campo nome="modoSite" rotulo="Modo do site">
            <select className={f.entrada} name="modoSite" defaultValue={dados.modoSite}>
              <option value="leilao">Leilão</option>
              <option value="loja">Loja</option>
              <option value="oferta-automatica">Oferta automática</option>
            </select>
          </Campo>
          <Campo nome="descricao" rotulo="Descrição" largo>
            <input className={f.entrada} name="descricao" maxLength={500} defaultValue={dados.descricao} />
          </Campo>
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Cores, fonte e arquivos</legend>
          {CORES.map(([nome, rotulo]) => (
            <Campo key={nome} nome={nome} rotulo={rotulo}>
              <input className={f.cor} type="color" name={nome} defaultValue={hex7(dados[nome])} data-testid={`cor-${nome}`} />
            </Campo>
          ))}
          <Campo nome="fonte" rotulo="Fonte">
            <input
              className={f.entrada}
              name="fonte"
              maxLength={40}
              pattern="[A-Za-z0-9 \-]{1,40}"
              defaultValue={dados.fonte ?? ''}
              placeholder="Inter"
            />
          </Campo>
          <Campo nome="logoArquivo" rotulo="Logo (PNG, JPEG, WebP; até 1 MB)">
            <input className={f.entrada} type="file" name="logoArquivo" accept="image/png,image/jpeg,image/webp" />
            {dados.logo ? <img src={dados.logo} alt="Logo atual" height={32} /> : null}
          </Campo>
          <Campo nome="faviconArquivo" rotulo="Favicon (PNG, ICO; até 200 kB)">
            <input className={f.entrada} type="file" name="faviconArquivo" accept="image/png,image/x-icon,image/vnd.microsoft.icon" />
            {dados.favicon ? <img src={dados.favicon} alt="Favicon atual" height={24} width={24} /> : null}
          </Campo>
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Contato</legend>
          <Campo nome="telefoneContato" rotulo="Telefone">
            <input className={f.entrada} name="telefoneContato" maxLength={30} defaultValue={dados.telefoneContato} />
          </Campo>
          <Campo nome="whatsappContato" rotulo="WhatsApp (DDI + DDD + número)">
            <input
              className={f.entrada}
              name="whatsappContato"
              inputMode="numeric"
              defaultValue={dados.whatsappContato ?? ''}
              placeholder="5511900000000"
            />
          </Campo>
          <Campo nome="emailContato" rotulo="E-mail">
            <input className={f.entrada} type="email" name="emailContato" defaultValue={dados.emailContato ?? ''} />
          </Campo>
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Endereços na web</legend>
          <Campo nome="domain" rotulo="Domínio">
            <input className={f.entrada} name="domain" defaultValue={dados.domain ?? ''} placeholder="www.suamarca.com.br" />
          </Campo>
          <Campo nome="subdomain" rotulo="Subdomínio da plataforma">
            <input className={f.entrada} name="subdomain" defaultValue={dados.subdomain ?? ''} placeholder="sua-marca" />
          </Campo>
          <Campo nome="linkCanonico" rotulo="Link canônico">
            <input className={f.entrada} type="url" name="linkCanonico" defaultValue={dados.linkCanonico ?? ''} />
          </Campo>
          <Campo nome="apiUrl" rotulo="URL da API">
            <input className={f.entrada} type="url" name="apiUrl" defaultValue={dados.apiUrl ?? ''} />
          </Campo>
          {(['site', 'api'] as const).flatMap((g) =>
            (['producao', 'homologacao'] as const).map((amb) => (
              <Campo
                key={`${g}.${amb}`}
                nome={`urls.${g}.${amb}`}
                rotulo={`URL ${g === 'site' ? 'do site' : 'da API'} (${amb === 'producao' ? 'produção' : 'homologação'})`}
              >
                <input className={f.entrada} type="url" name={`urls.${g}.${amb}`} defaultValue={str(obj(urls[g])[amb])} />
              </Campo>
            )),
          )}
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Medição e script do cabeçalho</legend>
          <Campo nome="googleAnalytics" rotulo="ID do Google Analytics">
            <input className={f.entrada} name="googleAnalytics" defaultValue={dados.googleAnalytics ?? ''} placeholder="G-XXXXXXXXXX" />
          </Campo>
          <Campo nome="scriptCabecalho" rotulo="Script do cabeçalho: ID do Google Tag Manager">
            <input className={f.entrada} name="scriptCabecalho" defaultValue={dados.scriptCabecalho ?? ''} placeholder="GTM-XXXXXXX" />
          </Campo>
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Cadastro e visualização</legend>
          {(
            [
              ['cadastroInicio', 'Cadastro: início'],
              ['cadastroFim', 'Cadastro: fim'],
              ['visualizacaoInicio', 'Visualização: início'],
              ['visualizacaoFim', 'Visualização: fim'],
            ] as const
          ).map(([nome, rotulo]) => (
            <Campo key={nome} nome={nome} rotulo={rotulo}>
              <input className={f.entrada} type="datetime-local" name={nome} defaultValue={paraCampoDataHora(dados[nome])} />
            </Campo>
          ))}
          <Campo nome="tipoHabilitacao" rotulo="Tipo de habilitação">
            <select className={f.entrada} name="tipoHabilitacao" defaultValue={dados.tipoHabilitacao}>
              <option value="nenhuma">Nenhuma</option>
              <option value="por-leilao">Por leilão</option>
              <option value="por-hotsite">Por hotsite</option>
            </select>
          </Campo>
          <div className={`${f.campo} ${f.largo}`}>
            <Marcar nome="permitirCpf" rotulo="Permitir CPF" marcado={dados.permitirCpf} />
            <Marcar nome="permitirCnpj" rotulo="Permitir CNPJ" marcado={dados.permitirCnpj} />
            <Marcar nome="manterCondicional" rotulo="Manter como condicional" marcado={dados.manterCondicional} />
            <Marcar
              nome="habilitacaoComAprovacao"
              rotulo="Habilitação com aprovação da equipe (SAC)"
              marcado={dados.habilitacaoComAprovacao}
            />
            <Marcar
              nome="loginObrigatorioVisualizar"
              rotulo="Login obrigatório para visualizar"
              marcado={dados.loginObrigatorioVisualizar}
            />
          </div>
          <div className={f.campo}>
            <span>Confirmações obrigatórias</span>
            {CONFIRMACOES.map((c) => (
              <Marcar
                key={c}
                nome="confirmacoesObrigatorias"
                valor={c}
                rotulo={ROTULOS_CONFIRMACAO[c] ?? c}
                marcado={confirmacoes.includes(c)}
              />
            ))}
          </div>
          <div className={f.campo}>
            <span>Documentos obrigatórios</span>
            {DOCUMENTOS.map((d) => (
              <Marcar key={d} nome="documentosObrigatorios" valor={d} rotulo={ROTULOS_DOCUMENTO[d] ?? d} marcado={documentos.includes(d)} />
            ))}
          </div>
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Endereço</legend>
          {(
            [
              ['logradouro', 'Logradouro'],
              ['numero', 'Número'],
              ['bairro', 'Bairro'],
              ['cidade', 'Cidade'],
              ['estadoSigla', 'UF'],
              ['cep', 'CEP (00000-000)'],
              ['latitude', 'Latitude'],
              ['longitude', 'Longitude'],
            ] as const
          ).map(([nome, rotulo]) => (
            <Campo key={nome} nome={`endereco.${nome}`} rotulo={rotulo}>
              <input
                className={f.entrada}
                name={`endereco.${nome}`}
                defaultValue={str(end[nome])}
                inputMode={nome === 'latitude' || nome === 'longitude' ? 'decimal' : undefined}
              />
            </Campo>
          ))}
        </fieldset>

        <fieldset className={f.grupo}>
          <legend>Redes sociais e rodapé</legend>
          {REDES_SOCIAIS.map((r) => (
            <Campo key={r} nome={`redesSociais.${r}`} rotulo={ROTULOS_REDE_SOCIAL[r] ?? r}>
              <input className={f.entrada} type="url" name={`redesSociais.${r}`} defaultValue={str(redes[r])} placeholder="https://" />
            </Campo>
          ))}
          <Campo nome="rodape" rotulo="Rodapé" largo>
            <textarea className={f.entrada} name="rodape" maxLength={2000} rows={2} defaultValue={dados.rodape ?? ''} />
          </Campo>
        </fieldset>

        <button type="submit" className={botao} data-testid="salvar-marca">
          {novo ? 'Criar marca' : 'Salvar'}
        </button>
      </FormAcao>
      <aside className={s.colunaPrevia} aria-label="Prévia da marca">
        <h2 style={{ marginTop: 0, fontSize: 16 }}>Prévia (ao vivo, antes de salvar)</h2>
        <PreviaDaMarca marca={previa} />
      </aside>
    </div>
  );
}
