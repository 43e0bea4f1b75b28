/** The removal registers' screens (decision 207): their paths and words, read by the page and its server side. */
export type Cadastro = 'transportadoras' | 'motoristas' | 'locais-remocao';

export const CADASTROS: Record<Cadastro, { titulo: string; novo: string; editar: string; salvo: string }> = {
  transportadoras: {
    titulo: 'Transportadoras',
    novo: 'Nova transportadora',
    editar: 'Editar transportadora',
    salvo: 'Transportadora salva',
  },
  motoristas: { titulo: 'Motoristas', novo: 'Novo motorista', editar: 'Editar motorista', salvo: 'Motorista salvo' },
  'locais-remocao': {
    titulo: 'Locais de remoção',
    novo: 'Novo local de remoção',
    editar: 'Editar local de remoção',
    salvo: 'Local de remoção salvo',
  },
};
