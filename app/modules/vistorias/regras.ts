import type { CategoriaVistoria, EquipamentosVistoria, SituacaoVistoria } from '@db/schema';

/*
 * Inspection rules (spec 000 §4 "Inspection: Aguardando, Realizada, Cancelada", "Tyre condition: BOM,
 * MEIA-VIDA, TROCA"; 001 §3 "light/heavy/motorbike equipment lists with tyre conditions ... up to eight
 * axles left/right for heavy"). Pure: the module and the forms share them; table-tested beside.
 */

export const CONDICOES_PNEU = ['BOM', 'MEIA-VIDA', 'TROCA'] as const;
export type CondicaoPneu = (typeof CONDICOES_PNEU)[number];
export const ROTULO_PNEU: Record<CondicaoPneu, string> = { BOM: 'Bom', 'MEIA-VIDA': 'Meia-vida', TROCA: 'Troca' };

/** The equipment answers (spec: "yes / yes-not working / no"), as the seed's vehicle details write them. */
export const RESPOSTAS_EQUIPAMENTO = ['Sim', 'Sim - não funciona', 'Não'] as const;

export type GrupoEquipamentos = EquipamentosVistoria['tipo'];
export const MAXIMO_EIXOS = 8;

/** The equipment list of each group (light: cars and utilities; heavy: trucks and buses; motorcycle). */
export const EQUIPAMENTOS: Record<GrupoEquipamentos, readonly string[]> = {
  leve: [
    'Ar-condicionado',
    'Direção hidráulica',
    'Vidros elétricos',
    'Travas elétricas',
    'Central multimídia',
    'Alarme',
    'Airbag',
    'Freio ABS',
    'Macaco',
    'Chave de roda',
    'Triângulo',
    'Tapetes',
  ],
  pesado: [
    'Tacógrafo',
    'Freio motor',
    'Ar-condicionado',
    'Rádio',
    'Cama/leito',
    'Defletor de ar',
    'Tanque',
    'Extintor',
    'Macaco',
    'Chave de roda',
    'Triângulo',
  ],
  moto: ['Partida elétrica', 'Painel', 'Retrovisores', 'Baú/bagageiro', 'Protetor de motor', 'Pedaleiras'],
};

/** The group of a vehicle, from its type's category (Moto; Pesados; everything else is light). */
export function grupoDaCategoria(categoria: string | null | undefined): GrupoEquipamentos {
  if (categoria === 'Moto') return 'moto';
  if (categoria === 'Pesados') return 'pesado';
  return 'leve';
}

/** The tyre positions of a group: four wheels and the spare; front and rear; left and right per axle. */
export function posicoesDosPneus(grupo: GrupoEquipamentos, eixos = 2): string[] {
  if (grupo === 'moto') return ['Dianteiro', 'Traseiro'];
  if (grupo === 'leve') return ['Dianteiro esquerdo', 'Dianteiro direito', 'Traseiro esquerdo', 'Traseiro direito', 'Estepe'];
  return Array.from({ length: eixos }, (_, e) => [`Eixo ${e + 1} esquerdo`, `Eixo ${e + 1} direito`]).flat();
}

/** Aguardando → Realizada or Cancelada; the two are final. */
export function podeMudarSituacao(de: SituacaoVistoria, para: SituacaoVistoria): boolean {
  return de === 'Aguardando' && (para === 'Realizada' || para === 'Cancelada');
}

export const MENSAGEM_VISTORIA_FECHADA: Record<Exclude<SituacaoVistoria, 'Aguardando'>, string> = {
  Realizada: 'Vistoria já realizada: não pode ser alterada',
  Cancelada: 'Vistoria cancelada: não pode ser alterada',
};

/**
 * What is missing to finish an inspection: every required item answered (an OPCAO item with one of its
 * options), every tyre position rated. Answers the pt-BR messages, empty when it may be finished.
 */
export function pendenciasParaRealizar(categorias: CategoriaVistoria[], equipamentos: EquipamentosVistoria | null): string[] {
  const faltam: string[] = [];
  for (const c of categorias)
    for (const i of c.itens)
      if (i.obrigatorio && !(i.resposta ?? '').trim()) faltam.push(`Responda o item obrigatório "${i.nome}" (${c.nome})`);
  if (!equipamentos) faltam.push('Informe os pneus e equipamentos do veículo');
  else {
    const avaliados = new Set(equipamentos.pneus.map((p) => p.posicao));
    const semNota = posicoesDosPneus(equipamentos.tipo, equipamentos.eixos).filter((p) => !avaliados.has(p));
    if (semNota.length) faltam.push(`Informe a condição do pneu: ${semNota.join(', ')}`);
  }
  return faltam;
}
