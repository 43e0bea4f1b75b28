import type { CategoriaVeiculo } from '@db/schema/catalogo';

/** The 27 federative units (IBGE code, region, capital) with the capital's coordinates for freight. */
export const UFS: {
  id: number;
  sigla: string;
  nome: string;
  regiao: 'Norte' | 'Nordeste' | 'Centro-Oeste' | 'Sudeste' | 'Sul';
  capital: string;
  lat: number;
  lon: number;
}[] = [
  { id: 12, sigla: 'AC', nome: 'Acre', regiao: 'Norte', capital: 'Rio Branco', lat: -9.97, lon: -67.81 },
  { id: 27, sigla: 'AL', nome: 'Alagoas', regiao: 'Nordeste', capital: 'Maceió', lat: -9.67, lon: -35.74 },
  { id: 16, sigla: 'AP', nome: 'Amapá', regiao: 'Norte', capital: 'Macapá', lat: 0.03, lon: -51.07 },
  { id: 13, sigla: 'AM', nome: 'Amazonas', regiao: 'Norte', capital: 'Manaus', lat: -3.12, lon: -60.02 },
  { id: 29, sigla: 'BA', nome: 'Bahia', regiao: 'Nordeste', capital: 'Salvador', lat: -12.97, lon: -38.5 },
  { id: 23, sigla: 'CE', nome: 'Ceará', regiao: 'Nordeste', capital: 'Fortaleza', lat: -3.73, lon: -38.52 },
  { id: 53, sigla: 'DF', nome: 'Distrito Federal', regiao: 'Centro-Oeste', capital: 'Brasília', lat: -15.79, lon: -47.88 },
  { id: 32, sigla: 'ES', nome: 'Espírito Santo', regiao: 'Sudeste', capital: 'Vitória', lat: -20.32, lon: -40.34 },
  { id: 52, sigla: 'GO', nome: 'Goiás', regiao: 'Centro-Oeste', capital: 'Goiânia', lat: -16.68, lon: -49.25 },
  { id: 21, sigla: 'MA', nome: 'Maranhão', regiao: 'Nordeste', capital: 'São Luís', lat: -2.53, lon: -44.3 },
  { id: 51, sigla: 'MT', nome: 'Mato Grosso', regiao: 'Centro-Oeste', capital: 'Cuiabá', lat: -15.6, lon: -56.1 },
  { id: 50, sigla: 'MS', nome: 'Mato Grosso do Sul', regiao: 'Centro-Oeste', capital: 'Campo Grande', lat: -20.44, lon: -54.65 },
  { id: 31, sigla: 'MG', nome: 'Minas Gerais', regiao: 'Sudeste', capital: 'Belo Horizonte', lat: -19.92, lon: -43.94 },
  { id: 15, sigla: 'PA', nome: 'Pará', regiao: 'Norte', capital: 'Belém', lat: -1.46, lon: -48.5 },
  { id: 25, sigla: 'PB', nome: 'Paraíba', regiao: 'Nordeste', capital: 'João Pessoa', lat: -7.12, lon: -34.86 },
  { id: 41, sigla: 'PR', nome: 'Paraná', regiao: 'Sul', capital: 'Curitiba', lat: -25.43, lon: -49.27 },
  { id: 26, sigla: 'PE', nome: 'Pernambuco', regiao: 'Nordeste', capital: 'Recife', lat: -8.05, lon: -34.88 },
  { id: 22, sigla: 'PI', nome: 'Piauí', regiao: 'Nordeste', capital: 'Teresina', lat: -5.09, lon: -42.8 },
  { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro', regiao: 'Sudeste', capital: 'Rio de Janeiro', lat: -22.91, lon: -43.17 },
  { id: 24, sigla: 'RN', nome: 'Rio Grande do Norte', regiao: 'Nordeste', capital: 'Natal', lat: -5.79, lon: -35.21 },
  { id: 43, sigla: 'RS', nome: 'Rio Grande do Sul', regiao: 'Sul', capital: 'Porto Alegre', lat: -30.03, lon: -51.23 },
  { id: 11, sigla: 'RO', nome: 'Rondônia', regiao: 'Norte', capital: 'Porto Velho', lat: -8.76, lon: -63.9 },
  { id: 14, sigla: 'RR', nome: 'Roraima', regiao: 'Norte', capital: 'Boa Vista', lat: 2.82, lon: -60.67 },
  { id: 42, sigla: 'SC', nome: 'Santa Catarina', regiao: 'Sul', capital: 'Florianópolis', lat: -27.6, lon: -48.55 },
  { id: 35, sigla: 'SP', nome: 'São Paulo', regiao: 'Sudeste', capital: 'São Paulo', lat: -23.55, lon: -46.63 },
  { id: 28, sigla: 'SE', nome: 'Sergipe', regiao: 'Nordeste', capital: 'Aracaju', lat: -10.91, lon: -37.07 },
  { id: 17, sigla: 'TO', nome: 'Tocantins', regiao: 'Norte', capital: 'Palmas', lat: -10.18, lon: -48.33 },
];

/**
 * Lot types with the spec's id groups: [5] motorcycles; [42..49] equipment and real estate;
 * [2,3,6..15,51] heavy vehicles; [1,23..41,50] light vehicles (and their scrap/recoverable variants,
 * aircraft and boats). `foto` is the placeholder drawing for the type.
 */
export type FotoTipo =
  'carro' | 'moto' | 'trator' | 'equipamento' | 'pesado' | 'imovel' | 'sucata' | 'aviao' | 'helicoptero' | 'embarcacao';
export const TIPOS: { id: number; nome: string; categoria: CategoriaVeiculo; foto: FotoTipo }[] = [
  { id: 5, nome: 'Motocicleta', categoria: 'Moto', foto: 'moto' },
  { id: 42, nome: 'Máquina agrícola', categoria: 'Equipamentos', foto: 'trator' },
  { id: 43, nome: 'Máquina pesada', categoria: 'Equipamentos', foto: 'equipamento' },
  { id: 44, nome: 'Empilhadeira', categoria: 'Equipamentos', foto: 'equipamento' },
  { id: 45, nome: 'Gerador', categoria: 'Equipamentos', foto: 'equipamento' },
  { id: 47, nome: 'Terreno', categoria: 'Imóveis', foto: 'imovel' },
  { id: 48, nome: 'Casa', categoria: 'Imóveis', foto: 'imovel' },
  { id: 49, nome: 'Sala comercial', categoria: 'Imóveis', foto: 'imovel' },
  { id: 2, nome: 'Caminhão', categoria: 'Pesados', foto: 'pesado' },
  { id: 3, nome: 'Ônibus', categoria: 'Pesados', foto: 'pesado' },
  { id: 6, nome: 'Cavalo mecânico', categoria: 'Pesados', foto: 'pesado' },
  { id: 7, nome: 'Carreta', categoria: 'Pesados', foto: 'pesado' },
  { id: 8, nome: 'Micro-ônibus', categoria: 'Pesados', foto: 'pesado' },
  { id: 9, nome: 'Caminhão sucata', categoria: 'Sucatas', foto: 'sucata' },
  { id: 10, nome: 'Reboque', categoria: 'Pesados', foto: 'pesado' },
  { id: 11, nome: 'Semirreboque', categoria: 'Pesados', foto: 'pesado' },
  { id: 13, nome: 'Caminhão recuperável', categoria: 'Recuperável', foto: 'pesado' },
  { id: 14, nome: 'Trator', categoria: 'Pesados', foto: 'trator' },
  { id: 15, nome: 'Caminhão-trator', categoria: 'Pesados', foto: 'pesado' },
  { id: 51, nome: 'Ônibus sucata', categoria: 'Sucatas', foto: 'sucata' },
  { id: 1, nome: 'Automóvel', categoria: 'Carros', foto: 'carro' },
  { id: 23, nome: 'Caminhonete', categoria: 'Utilitários', foto: 'carro' },
  { id: 24, nome: 'Furgão', categoria: 'Utilitários', foto: 'carro' },
  { id: 25, nome: 'Van', categoria: 'Utilitários', foto: 'carro' },
  { id: 26, nome: 'SUV', categoria: 'Carros', foto: 'carro' },
  { id: 27, nome: 'Picape', categoria: 'Utilitários', foto: 'carro' },
  { id: 28, nome: 'Automóvel sucata', categoria: 'Sucatas', foto: 'sucata' },
  { id: 29, nome: 'Utilitário sucata', categoria: 'Sucatas', foto: 'sucata' },
  { id: 30, nome: 'Motocicleta sucata', categoria: 'Sucatas', foto: 'sucata' },
  { id: 31, nome: 'Automóvel recuperável', categoria: 'Recuperável', foto: 'carro' },
  { id: 32, nome: 'Utilitário recuperável', categoria: 'Recuperável', foto: 'carro' },
  { id: 33, nome: 'Motocicleta recuperável', categoria: 'Recuperável', foto: 'moto' },
  { id: 34, nome: 'Avião', categoria: 'Aeronaves', foto: 'aviao' },
  { id: 35, nome: 'Helicóptero', categoria: 'Aeronaves', foto: 'helicoptero' },
  { id: 36, nome: 'Lancha', categoria: 'Embarcações', foto: 'embarcacao' },
  { id: 37, nome: 'Jet ski', categoria: 'Embarcações', foto: 'embarcacao' },
  { id: 38, nome: 'Barco', categoria: 'Embarcações', foto: 'embarcacao' },
  { id: 39, nome: 'Conversível', categoria: 'Carros', foto: 'carro' },
  { id: 40, nome: 'Hatch', categoria: 'Carros', foto: 'carro' },
  { id: 41, nome: 'Sedã', categoria: 'Carros', foto: 'carro' },
  { id: 50, nome: 'Minivan', categoria: 'Carros', foto: 'carro' },
];
/**
 * Models per market segment: [make, model, version, base value in reais, WMI, fuel, type id, model
 * years on sale in Brazil (the version's, when it is named)]. Without years: 2012–2026.
 */
export type Modelo = [string, string, string, number, string, string, number, [number, number]?];
export const MODELOS: Record<
  'carro' | 'utilitario' | 'moto' | 'pesado' | 'onibus' | 'carreta' | 'equipamento' | 'imovel' | 'aeronave' | 'embarcacao',
  Modelo[]
> = {
  carro: [
    ['Chevrolet', 'Onix', '1.0 LT Turbo', 78000, '9BG', 'FLE', 40, [2020, 2026]],
    ['Chevrolet', 'Onix Plus', '1.0 Premier', 92000, '9BG', 'FLE', 41, [2020, 2026]],
    ['Chevrolet', 'Tracker', '1.2 Turbo LTZ', 125000, '9BG', 'FLE', 26, [2021, 2026]],
    ['Volkswagen', 'Gol', '1.6 MSI', 58000, '9BW', 'FLE', 40, [2013, 2023]],
    ['Volkswagen', 'Polo', '1.0 TSI Highline', 95000, '9BW', 'FLE', 40, [2018, 2026]],
    ['Volkswagen', 'T-Cross', '1.4 TSI Highline', 138000, '9BW', 'FLE', 26, [2020, 2026]],
    ['Volkswagen', 'Virtus', '1.0 TSI Comfortline', 99000, '9BW', 'FLE', 41, [2018, 2026]],
    ['Fiat', 'Argo', '1.3 Drive', 72000, '9BD', 'FLE', 40, [2018, 2026]],
    ['Fiat', 'Mobi', '1.0 Like', 52000, '9BD', 'FLE', 40, [2017, 2026]],
    ['Fiat', 'Cronos', '1.3 Precision', 85000, '9BD', 'FLE', 41, [2018, 2026]],
    ['Fiat', 'Pulse', '1.0 Turbo Impetus', 110000, '9BD', 'FLE', 26, [2022, 2026]],
    ['Toyota', 'Corolla', '2.0 XEi', 145000, '9BR', 'FLE', 41, [2015, 2026]],
    ['Toyota', 'Yaris', '1.5 XLS', 98000, '9BR', 'FLE', 40, [2019, 2023]],
    ['Toyota', 'Corolla Cross', '1.8 Hybrid XRX', 175000, '9BR', 'HIB', 26, [2022, 2026]],
    ['Hyundai', 'HB20', '1.0 Comfort', 69000, '9BH', 'FLE', 40, [2013, 2026]],
    ['Hyundai', 'Creta', '1.6 Action', 112000, '9BH', 'FLE', 26, [2021, 2026]],
    ['Renault', 'Kwid', '1.0 Zen', 55000, '93Y', 'FLE', 40, [2018, 2026]],
    ['Renault', 'Sandero', '1.6 Stepway', 68000, '93Y', 'FLE', 40, [2012, 2022]],
    ['Honda', 'Civic', '2.0 EXL', 135000, '93H', 'FLE', 41, [2017, 2021]],
    ['Honda', 'City', '1.5 EXL', 105000, '93H', 'FLE', 41, [2015, 2026]],
    ['Honda', 'HR-V', '1.5 EXL', 142000, '93H', 'FLE', 26, [2023, 2026]],
    ['Jeep', 'Renegade', '1.3 T270 Longitude', 125000, '988', 'FLE', 26, [2022, 2026]],
    ['Jeep', 'Compass', '1.3 T270 Limited', 168000, '988', 'FLE', 26, [2022, 2026]],
    ['Nissan', 'Kicks', '1.6 SV', 99000, '94D', 'FLE', 26, [2017, 2026]],
    ['Nissan', 'Versa', '1.6 Advance', 92000, '94D', 'FLE', 41, [2021, 2026]],
    ['Ford', 'Ka', '1.5 SE', 54000, '9BF', 'FLE', 40, [2015, 2021]],
    ['Ford', 'EcoSport', '1.5 Freestyle', 72000, '9BF', 'FLE', 26, [2018, 2021]],
    ['Chevrolet', 'Spin', '1.8 LTZ', 88000, '9BG', 'FLE', 50, [2013, 2024]],
    ['BMW', '320i', '2.0 M Sport', 230000, 'WBA', 'GAS', 41, [2013, 2026]],
    ['Volkswagen', 'Jetta', '2.0 TSI GLI', 190000, '3VW', 'GAS', 41, [2019, 2026]],
  ],
  utilitario: [
    ['Fiat', 'Strada', '1.3 Freedom CD', 98000, '9BD', 'FLE', 27, [2021, 2026]],
    ['Fiat', 'Toro', '2.0 Diesel Volcano 4x4', 165000, '988', 'DIE', 27, [2017, 2026]],
    ['Fiat', 'Fiorino', '1.4 Endurance', 85000, '9BD', 'FLE', 24, [2014, 2026]],
    ['Volkswagen', 'Saveiro', '1.6 Robust CS', 82000, '9BW', 'FLE', 27, [2017, 2026]],
    ['Volkswagen', 'Amarok', '3.0 V6 Highline', 265000, 'WV1', 'DIE', 23, [2018, 2026]],
    ['Chevrolet', 'S10', '2.8 LTZ 4x4 CD', 215000, '9BG', 'DIE', 23, [2013, 2026]],
    ['Chevrolet', 'Montana', '1.2 Turbo Premier', 115000, '9BG', 'FLE', 27, [2023, 2026]],
    ['Toyota', 'Hilux', '2.8 SRX 4x4 CD', 255000, '8AJ', 'DIE', 23, [2016, 2026]],
    ['Ford', 'Ranger', '3.2 XLT 4x4 CD', 195000, '8AF', 'DIE', 23, [2013, 2023]],
    ['Renault', 'Master', '2.3 Furgão L2H2', 175000, '93Y', 'DIE', 24, [2014, 2026]],
    ['Mercedes-Benz', 'Sprinter', '416 CDI Van', 245000, '8AC', 'DIE', 25, [2013, 2026]],
    ['Peugeot', 'Partner', '1.6 Rapid', 88000, '8AD', 'FLE', 24, [2023, 2026]],
  ],
  moto: [
    ['Honda', 'CG 160', 'Fan', 15500, '9C2', 'FLE', 5, [2016, 2026]],
    ['Honda', 'Biz 125', 'EX', 14500, '9C2', 'FLE', 5, [2012, 2026]],
    ['Honda', 'CB 500F', 'ABS', 39000, '9C2', 'GAS', 5, [2014, 2026]],
    ['Honda', 'XRE 300', 'Rally', 28000, '9C2', 'FLE', 5, [2019, 2026]],
    ['Honda', 'Pop 110i', 'ES', 10500, '9C2', 'GAS', 5, [2016, 2026]],
    ['Yamaha', 'Factor 150', 'ED', 15000, '9C6', 'FLE', 5, [2016, 2026]],
    ['Yamaha', 'Fazer 250', 'FZ25 ABS', 23000, '9C6', 'FLE', 5, [2019, 2026]],
    ['Yamaha', 'MT-03', 'ABS', 33000, '9C6', 'GAS', 5, [2016, 2026]],
    ['Yamaha', 'Lander 250', 'XTZ ABS', 24000, '9C6', 'FLE', 5, [2019, 2026]],
    ['Suzuki', 'V-Strom 650', 'XT', 52000, '9CD', 'GAS', 5, [2015, 2026]],
    ['BMW', 'G 310 GS', 'Rallye', 36000, 'WB1', 'GAS', 5, [2018, 2026]],
  ],
  pesado: [
    ['Volvo', 'FH 540', '6x4 Globetrotter', 780000, '9BV', 'DIE', 6, [2014, 2026]],
    ['Volvo', 'VM 270', '6x2 Baú', 420000, '9BV', 'DIE', 2],
    ['Scania', 'R 450', '6x2 Highline', 690000, '9BS', 'DIE', 6],
    ['Scania', 'P 320', '6x2 Carroceria', 380000, '9BS', 'DIE', 2],
    ['Mercedes-Benz', 'Axor 2544', '6x2 Cavalo', 350000, '9BM', 'DIE', 15, [2012, 2021]],
    ['Mercedes-Benz', 'Atego 1719', '4x2 Baú', 310000, '9BM', 'DIE', 2],
    ['Mercedes-Benz', 'Accelo 1016', '4x2 Carroceria', 230000, '9BM', 'DIE', 2],
    ['Volkswagen', 'Constellation 24.280', '6x2 Graneleiro', 390000, '953', 'DIE', 2],
    ['Volkswagen', 'Delivery 11.180', '4x2 Baú', 260000, '953', 'DIE', 2, [2018, 2026]],
    ['Iveco', 'Tector 240E28', '6x2 Baú', 330000, '93Z', 'DIE', 2],
    ['DAF', 'XF 480', '6x4 FTT', 720000, '9BH', 'DIE', 6, [2018, 2026]],
    ['Massey Ferguson', 'MF 4275', '4x2', 160000, '9BM', 'DIE', 14, [2012, 2018]],
  ],
  onibus: [
    ['Marcopolo', 'Paradiso 1200', 'Volvo B340R', 520000, '9BV', 'DIE', 3],
    ['Mercedes-Benz', 'OF 1721', 'Caio Apache VIP', 290000, '9BM', 'DIE', 3],
    ['Volare', 'W9', 'Fly Executivo', 240000, '93P', 'DIE', 8, [2012, 2020]],
    ['Volkswagen', '17.230 OD', 'Induscar Mobilis', 310000, '953', 'DIE', 3],
  ],
  carreta: [
    ['Randon', 'Graneleira', '3 eixos', 180000, '9AD', 'DIE', 11],
    ['Librelato', 'Baú Frigorífico', '3 eixos', 220000, '9A9', 'DIE', 11],
    ['Facchini', 'Basculante', '2 eixos', 150000, '9AA', 'DIE', 7],
    ['Guerra', 'Prancha', '2 eixos', 120000, '9AB', 'DIE', 10],
  ],
  equipamento: [
    ['Caterpillar', 'Escavadeira 320D', 'Hidráulica', 520000, 'CAT', 'DIE', 43],
    ['JCB', 'Retroescavadeira 3CX', '4x4', 310000, 'JCB', 'DIE', 43],
    ['John Deere', 'Trator 6110J', '4x4', 380000, '1L0', 'DIE', 42],
    ['New Holland', 'Trator TL75', '4x4', 210000, 'HCC', 'DIE', 42],
    ['Hyster', 'Empilhadeira H50', '2,5 t GLP', 85000, 'HYS', 'GNV', 44],
    ['Stemac', 'Gerador 180 kVA', 'Cabinado', 95000, 'STM', 'DIE', 45],
  ],
  imovel: [
    ['Imóvel', 'Terreno urbano', '360 m²', 180000, '', '', 47],
    ['Imóvel', 'Casa 3 quartos', '140 m²', 420000, '', '', 48],
    ['Imóvel', 'Sala comercial', '42 m²', 260000, '', '', 49],
  ],
  aeronave: [
    ['Cessna', '172 Skyhawk', 'SP', 1450000, '', 'GAS', 34, [1998, 2024]],
    ['Piper', 'PA-34 Seneca', 'V', 1950000, '', 'GAS', 34, [1997, 2024]],
    ['Robinson', 'R44', 'Raven II', 2100000, '', 'GAS', 35, [2002, 2026]],
  ],
  embarcacao: [
    ['Focker', '242', 'Cabinada', 160000, '', 'GAS', 36],
    ['Schaefer', '303', 'Fly', 780000, '', 'DIE', 36],
    ['Sea-Doo', 'GTI 130', 'SE', 75000, '', 'GAS', 37],
    ['Fibrafort', 'Focker 190', 'Open', 95000, '', 'GAS', 38],
  ],
};

/** The model years a seeded lot of this model may have: its years on sale, else the segment's default. */
export function anosDoModelo(m: Modelo): [number, number] {
  return m[7] ?? [2012, 2026];
}

/** Auctioneers with their one registration each (Junta Comercial do Estado de São Paulo). */
export const LEILOEIROS = [
  { nome: 'Roberto Martins Figueiredo', inscricao: 'JUCESP nº 1.118' },
  { nome: 'Helena Duarte Campos', inscricao: 'JUCESP nº 920' },
  { nome: 'Paulo Henrique Vasconcelos', inscricao: 'JUCESP nº 1.437' },
] as const;

export const CORES = ['Branco', 'Prata', 'Preto', 'Cinza', 'Vermelho', 'Azul', 'Verde', 'Bege', 'Amarelo', 'Marrom'];
export const RETOMADAS = [
  'Recuperado de financiamento',
  'Frota',
  'Sinistro - pequena monta',
  'Sinistro - média monta',
  'Particular',
  'Pátio judicial',
];
export const ESTADOS_CONSERVACAO = ['Ótimo', 'Bom', 'Regular', 'Ruim', 'Sucata'];

/** Yards in real Brazilian cities (cidade, UF, bairro, CEP). */
export const CIDADES_PATIO: [string, string, string, string][] = [
  ['São Paulo', 'SP', 'Vila Leopoldina', '05314-000'],
  ['Guarulhos', 'SP', 'Cumbica', '07180-000'],
  ['Campinas', 'SP', 'Jardim do Lago', '13050-000'],
  ['Duque de Caxias', 'RJ', 'Jardim Primavera', '25215-000'],
  ['Contagem', 'MG', 'Cinco', '32010-000'],
  ['São José dos Pinhais', 'PR', 'Afonso Pena', '83045-000'],
  ['Canoas', 'RS', 'Niterói', '92120-000'],
  ['Goiânia', 'GO', 'Setor Perimetral Norte', '74675-000'],
  ['Marituba', 'PA', 'Centro', '67200-000'],
  ['Jaboatão dos Guararapes', 'PE', 'Prazeres', '54335-000'],
  ['Simões Filho', 'BA', 'CIA I', '43700-000'],
  ['Maracanaú', 'CE', 'Distrito Industrial', '61939-000'],
  ['Manaus', 'AM', 'Distrito Industrial', '69075-000'],
  ['Brasília', 'DF', 'SIA', '71200-000'],
  ['Cuiabá', 'MT', 'Distrito Industrial', '78098-000'],
];

export const APELIDOS = ['Lobo', 'Falcao', 'Tigre', 'Ace', 'Bravo', 'Condor', 'Jaguar', 'Puma', 'Guepardo', 'Orca', 'Pantera', 'Rapina'];
export const CIDADES_LANCE = [
  'São Paulo/SP',
  'Belo Horizonte/MG',
  'Curitiba/PR',
  'Goiânia/GO',
  'Recife/PE',
  'Salvador/BA',
  'Porto Alegre/RS',
  'Belém/PA',
  'Campinas/SP',
  'Fortaleza/CE',
];

export const COMITENTES = [
  ['Banco Meridiano S.A.', 'BANCO'],
  ['Seguradora Aurora', 'SEGURADORA'],
  ['Locadora Rota Livre', 'FROTA'],
  ['Financeira Ipê', 'BANCO'],
  ['Transportadora Serra Azul', 'FROTA'],
  ['Prefeitura de Exemplo (frota)', 'PUBLICO'],
  ['Cooperativa Agro Sul', 'PARTICULAR'],
] as const;

const ORIGENS = [
  { cidade: 'Marituba', uf: 'PA', lat: -1.36, lon: -48.34 },
  { cidade: 'Goiânia', uf: 'GO', lat: -16.68, lon: -49.25 },
];

function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const r = (x: number) => (x * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h)) * 1.25; // road distance is about 25 % longer than the straight line
}

/**
 * Freight table: 26 destinations (the state capitals except Belém, next to the Marituba origin) from
 * each origin. Values follow road distance; São Paulo is the spec's 1800/12 and 1700/15.
 */
export function tabelaFrete() {
  const linhas: { origemCidade: string; origemUf: string; destinoCidade: string; destinoUf: string; valor: number; prazoDias: number }[] =
    [];
  for (const [i, o] of ORIGENS.entries()) {
    for (const uf of UFS.filter((u) => u.sigla !== 'PA')) {
      let valor = Math.max(450, Math.round((350 + km(o, uf) * 0.55) / 50) * 50);
      let prazoDias = Math.max(3, Math.round(3 + km(o, uf) / 320));
      if (uf.sigla === 'SP') [valor, prazoDias] = i === 0 ? [1800, 12] : [1700, 15];
      linhas.push({
        origemCidade: o.cidade,
        origemUf: o.uf,
        destinoCidade: uf.capital,
        destinoUf: uf.sigla,
        valor: valor * 100,
        prazoDias,
      });
    }
  }
  return linhas;
}
