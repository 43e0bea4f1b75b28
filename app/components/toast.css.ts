import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const regiao = style({
  position: 'fixed',
  insetBlockEnd: 16,
  insetInlineEnd: 16,
  display: 'grid',
  gap: 8,
  zIndex: 1000,
  maxWidth: 'min(360px, calc(100vw - 32px))',
});

const base = style({
  padding: '12px 16px',
  borderRadius: vars.raio.medio,
  boxShadow: '0 4px 16px rgba(0,0,0,.18)',
  fontWeight: 600,
  color: '#fff',
});

/** Orange for waiting and for deletions (spec: 'Item apagado com sucesso' is orange). */
export const tipo = styleVariants({
  sucesso: [base, { background: vars.cor.sucesso }],
  aguarde: [base, { background: vars.cor.info }],
  aviso: [base, { background: vars.cor.alerta, color: vars.cor.texto }],
  erro: [base, { background: vars.cor.perigo }],
});
