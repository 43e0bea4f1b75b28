import { Aviso } from '~/components/aviso';
import { TabelaRolavel, Secao } from '~/components/backoffice/pecas';
import { Icone } from '~/components/blocks/icone';
import { Paragrafos } from '~/components/blocks/index';
import { CardLote } from '~/components/catalogo/card-lote';
import { Carimbos } from '~/components/catalogo/carimbos';
import { FavoritoCard, FormularioFavoritos } from '~/components/catalogo/favorito-card';
import { LinksDaAta } from '~/components/confianca/ata-de-lances';
import { Caixa, Campo } from '~/components/formulario/campos';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { ListaDeIncidentes } from '~/components/operacoes/lista-de-incidentes';
import { Video } from '~/components/aovivo/video';
import { Selo } from '~/components/vendas/partes';
import type { DadosCard } from '~/modules/catalogo/card';
import * as s from './design-system.css';

/*
 * The house's components with sample data (decision 238), drawn once per brand, wording and width by the
 * /design-system page. `prefixo` keeps every id of one drawing apart from the others on the same page.
 */

const CARD: DadosCard = {
  id: 900001,
  situacao: 'LIBERADO_LEILAO',
  nome: 'VW GOL 1.0 MPI 2019',
  numero: '007',
  tipo: 'Carro',
  tipoId: 1,
  tipoNome: 'Carros',
  marcaNome: 'Volkswagen',
  modelo: 'Gol',
  anoModelo: 2019,
  anoFabricacao: 2018,
  km: 48_230,
  combustivel: 'Flex',
  cor: 'Prata',
  cambio: 'Manual',
  direcao: 'Hidráulica',
  possuiChave: true,
  retomada: null,
  valorMercado: 52_000_00,
  prazoDocumento: 30,
  localizacaoCidade: 'Belo Horizonte',
  localizacaoUf: 'MG',
  localizacaoExterna: false,
  patioSlug: null,
  dataFim: '2026-12-15T18:00:00.000Z',
  compreJa: null,
  valorAtual: 31_500_00,
  ultimoLanceValor: 31_000_00,
  quantidadeLances: 12,
  fotosUrls: ['/catalogo/banner.svg'],
  carimbos: [],
  gruposCliente: [],
};

const INCIDENTES = [
  {
    uid: '00000000-0000-4000-8000-000000000001',
    titulo: 'Barreira de acessibilidade: /login',
    situacao: 'Aberto',
    createdAt: '2026-11-27T10:00:00.000Z',
    responsavel: null,
    cliente: null,
    lote: null,
    vendaId: null,
  },
  {
    uid: '00000000-0000-4000-8000-000000000002',
    titulo: 'Cliente pede segunda via do boleto',
    situacao: 'Em atendimento',
    createdAt: '2026-11-26T15:30:00.000Z',
    responsavel: 'Rafael Nogueira',
    cliente: 'Ana Souza',
    lote: '007',
    vendaId: 1,
  },
];

function Exemplo({ nome, acessibilidade, children }: { nome: string; acessibilidade: string; children: React.ReactNode }) {
  return (
    <div className={s.exemplo} data-componente={nome}>
      <h4 className={s.nomeDoComponente}>{nome}</h4>
      {children}
      <p className={s.estadoA11y}>{acessibilidade}</p>
    </div>
  );
}

export function Vitrine({ prefixo }: { prefixo: string }) {
  const t = useWording();
  const formFavorito = `${prefixo}-favoritos`;
  return (
    <div className={s.vitrine}>
      <Exemplo
        nome="Botões (layout.css)"
        acessibilidade="Elementos nativos; foco visível; texto sobre a cor da marca escolhido pelo contraste."
      >
        <div className={s.linha}>
          <button type="button" className={botao}>
            {t('lance')}
          </button>
          <button type="button" className={botaoSecundario}>
            {t('meus_lances')}
          </button>
          <button type="button" className={botao} disabled>
            Indisponível
          </button>
        </div>
      </Exemplo>
      <Exemplo nome="Aviso" acessibilidade="role=status; o de erro é role=alert e é anunciado na hora.">
        <Aviso>Informação para o cliente.</Aviso>
        <Aviso tipo="sucesso">Pedido registrado.</Aviso>
        <Aviso tipo="erro">Confira os campos destacados.</Aviso>
      </Exemplo>
      <Exemplo nome="Campo e Caixa (formulario/campos)" acessibilidade="Rótulo ligado ao campo; erro em aria-describedby com aria-invalid.">
        <Campo
          nome={`${prefixo}-email`}
          rotulo="E-mail"
          tipo="email"
          obrigatorio
          ajuda="Usado para entrar na sua conta."
          autoComplete="off"
        />
        <Campo
          nome={`${prefixo}-cpf`}
          rotulo="CPF"
          valor="123.456.789-00"
          erros={{ [`${prefixo}-cpf`]: ['CPF inválido'] }}
          autoComplete="off"
        />
        <Caixa nome={`${prefixo}-aceite`} rotulo="Li e aceito o regulamento" />
      </Exemplo>
      <Exemplo nome="Secao (backoffice/pecas)" acessibilidade="fieldset com legend.">
        <Secao titulo="Dados do veículo">
          <p className={s.suave}>Conteúdo da seção.</p>
        </Secao>
      </Exemplo>
      <Exemplo nome="CardLote" acessibilidade="Faixa de fotos focável e nomeada; fotos com texto alternativo; link com o nome.">
        <FormularioFavoritos id={formFavorito} />
        <div className={s.card}>
          <CardLote lote={{ ...CARD, favorito: false }} prefixo={t('caminho_lista')} formularioFavorito={formFavorito} />
        </div>
      </Exemplo>
      <Exemplo nome="FavoritoCard" acessibilidade="Botão com nome e estado (aria-pressed).">
        <FavoritoCard loteId={900002} favorito formulario={formFavorito} />
      </Exemplo>
      <Exemplo nome="Carimbos" acessibilidade="Nome em texto quando não há imagem; link quando há destino.">
        <Carimbos
          altura={24}
          carimbos={[
            { nome: 'Financiável', url: null, link: null },
            { nome: 'Documento pronto', url: null, link: null },
          ]}
        />
      </Exemplo>
      <Exemplo
        nome="Selo (vendas/partes)"
        acessibilidade="Texto com cor de fundo de contraste suficiente; a cor nunca é a única informação."
      >
        <div className={s.linha}>
          <Selo tom="azul">Condicional</Selo>
          <Selo tom="ambar">Aguardando pagamento</Selo>
          <Selo tom="verde">Pago</Selo>
          <Selo tom="vermelho">Cancelada</Selo>
          <Selo tom="cinza">Encerrada</Selo>
        </div>
      </Exemplo>
      <Exemplo nome="TabelaRolavel + ListaDeIncidentes" acessibilidade="Região rolável focável e nomeada; tabela com cabeçalhos.">
        <TabelaRolavel rotulo={`Incidentes de exemplo (${prefixo})`}>
          <ListaDeIncidentes itens={INCIDENTES} />
        </TabelaRolavel>
      </Exemplo>
      <Exemplo nome="LinksDaAta" acessibilidade="Título e links com texto; ícone decorativo.">
        <LinksDaAta loteId={900001} situacao="AG_PAGAMENTO" />
      </Exemplo>
      <Exemplo nome="Video" acessibilidade="Sem transmissão: texto. Vídeo ao vivo sem legendas (limitação declarada).">
        <Video url={null} semVideo={`${t('leilao')}: a transmissão ainda não começou.`} />
      </Exemplo>
      <Exemplo nome="Icone e Paragrafos (blocks)" acessibilidade="Ícone decorativo (aria-hidden); parágrafos em texto.">
        <div className={s.linha}>
          <Icone nome="martelo" reserva="•" /> <Icone nome="caminhao" reserva="•" /> <Icone nome="busca" reserva="•" />
        </div>
        <Paragrafos texto={'Primeiro parágrafo de um bloco de conteúdo.\nSegundo parágrafo.'} />
      </Exemplo>
    </div>
  );
}
