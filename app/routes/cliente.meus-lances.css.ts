import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const abas = style({ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '16px 0' });
export const aba = style({
  padding: '8px 14px',
  borderRadius: 999,
  border: `1px solid ${vars.cor.borda}`,
  color: vars.cor.texto,
  textDecoration: 'none',
  fontSize: 14,
});
export const abaAtiva = style([aba, { background: vars.cor.primaria, color: vars.cor.textoSobrePrimaria, borderColor: vars.cor.primaria }]);
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 });
export const item = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: 8,
  padding: 14,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
});
export const suave = style({ color: vars.cor.textoSuave, fontSize: 14 });
export const titulo = style({ color: vars.cor.texto, fontWeight: 600 });
export const grupo = style({ margin: '20px 0 8px', fontSize: 16 });
export const automatico = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' });
export const campo = style({
  display: 'block',
  marginTop: 4,
  padding: '8px 10px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  width: 160,
});
export const paginacao = style({ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 16, marginTop: 24 });
export const filtroLeilao = style({ display: 'flex', gap: 8, alignItems: 'center', margin: '0 0 16px' });
